import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BlockPage, ChainUnavailable, isBlockNumber } from "@/features/explorer";
import {
  contractLabels,
  getBlockView,
  unlessUnreadable,
  unreadablePageMetadata,
} from "@/features/explorer/server";
import { requestLocale } from "@/server/locale";
import { publicConfig } from "@/server/public-config";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ number: string }> };

// One chain read per request: the metadata and the page share it (React's request cache).
const readBlock = cache((number: number) => unlessUnreadable(getBlockView(number)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { number } = await params;
  const unreadable = isBlockNumber(number) && (await readBlock(Number(number))) === "unreadable";
  return unreadable ? { title: "Block", ...unreadablePageMetadata } : { title: "Block" };
}

export default async function Block({ params }: Props) {
  const { number } = await params;
  if (!isBlockNumber(number)) notFound();
  const block = await readBlock(Number(number));
  if (block === "unreadable")
    return (
      <ChainUnavailable title={`Block ${number}`} what="this block" href={`/explorer/block/${number}`} />
    );
  if (!block) notFound();
  return (
    <BlockPage
      block={block}
      nativeSymbol={publicConfig().nativeSymbol}
      labels={contractLabels()}
      locale={await requestLocale()}
    />
  );
}
