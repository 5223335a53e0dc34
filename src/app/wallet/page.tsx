import type { Metadata } from "next";
import { ComingSoon } from "@/features/app-shell";
import { requirePageSession } from "@/features/auth";

export const metadata: Metadata = { title: "Wallet" };

export default async function WalletPage() {
  await requirePageSession("/wallet");
  return <ComingSoon title="Wallet" description="See your testnet balances and activity in one place." />;
}
