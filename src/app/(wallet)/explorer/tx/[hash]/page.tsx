import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { Hex } from "viem";
import { ChainUnavailable, isTxHash, TxPage } from "@/features/explorer";
import {
  contractLabels,
  getTxView,
  unlessUnreadable,
  unreadablePageMetadata,
} from "@/features/explorer/server";
import { requestLocale } from "@/server/locale";
import { publicConfig } from "@/server/public-config";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ hash: string }> };

// One chain read per request: the metadata and the page share it (React's request cache).
const readTx = cache((hash: string) => unlessUnreadable(getTxView(hash.toLowerCase() as Hex)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { hash } = await params;
  const unreadable = isTxHash(hash) && (await readTx(hash)) === "unreadable";
  return unreadable ? { title: "Transaction", ...unreadablePageMetadata } : { title: "Transaction" };
}

export default async function Tx({ params }: Props) {
  const { hash } = await params;
  if (!isTxHash(hash)) notFound();
  const tx = await readTx(hash);
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
