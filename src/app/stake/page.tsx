import type { Metadata } from "next";
import { ComingSoon } from "@/features/app-shell";
import { requirePageSession } from "@/features/auth";

export const metadata: Metadata = { title: "Stake" };

export default async function StakePage() {
  await requirePageSession("/stake");
  return <ComingSoon title="Stake" description="Stake test tokens and earn rewards on the testnet." />;
}
