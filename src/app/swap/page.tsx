import type { Metadata } from "next";
import { ComingSoon } from "@/features/app-shell";
import { requirePageSession } from "@/features/auth";

export const metadata: Metadata = { title: "Swap" };

export default async function SwapPage() {
  await requirePageSession("/swap");
  return <ComingSoon title="Swap" description="Trade test tokens on the testnet exchange." />;
}
