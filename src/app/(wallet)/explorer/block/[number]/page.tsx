import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BlockPage, isBlockNumber } from "@/features/explorer";
import { contractLabels, getBlockView } from "@/features/explorer/server";
import { requestLocale } from "@/server/locale";
import { publicConfig } from "@/server/public-config";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Block" };

export default async function Block({ params }: { params: Promise<{ number: string }> }) {
  const { number } = await params;
  if (!isBlockNumber(number)) notFound();
  const block = await getBlockView(Number(number));
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
