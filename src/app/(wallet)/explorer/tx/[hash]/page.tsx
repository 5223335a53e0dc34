import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { Hex } from "viem";
import { ChainUnavailable, isTxHash, TxPage } from "@/features/explorer";
import { contractLabels, getTxView, TestnetUnreadableError } from "@/features/explorer/server";
import { requestLocale } from "@/server/locale";
import { publicConfig } from "@/server/public-config";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Transaction" };

export default async function Tx({ params }: { params: Promise<{ hash: string }> }) {
  const { hash } = await params;
  if (!isTxHash(hash)) notFound();
  const tx = await getTxView(hash.toLowerCase() as Hex).catch((err: unknown) => {
    if (err instanceof TestnetUnreadableError) return "unreadable" as const;
    throw err;
  });
  if (tx === "unreadable")
    return <ChainUnavailable title="Transaction" what="this transaction" href={`/explorer/tx/${hash}`} />;
  if (!tx) notFound();
  return (
    <TxPage
      tx={tx}
      nativeSymbol={publicConfig().nativeSymbol}
      labels={contractLabels()}
      locale={await requestLocale()}
    />
  );
}
