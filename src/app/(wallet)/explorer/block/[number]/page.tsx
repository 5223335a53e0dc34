import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BlockPage, ChainUnavailable, isBlockNumber } from "@/features/explorer";
import { contractLabels, getBlockView, TestnetUnreadableError } from "@/features/explorer/server";
import { requestLocale } from "@/server/locale";
import { publicConfig } from "@/server/public-config";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Block" };

export default async function Block({ params }: { params: Promise<{ number: string }> }) {
  const { number } = await params;
  if (!isBlockNumber(number)) notFound();
  const block = await getBlockView(Number(number)).catch((err: unknown) => {
    if (err instanceof TestnetUnreadableError) return "unreadable" as const;
    throw err;
  });
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
