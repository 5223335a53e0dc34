import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth";
import { StakePage } from "@/features/stake";
import { getAmmEnv } from "@/features/tokens";

export const metadata: Metadata = { title: "Stake" };

export default async function Stake() {
  await requirePageSession("/stake");
  return <StakePage env={getAmmEnv()} />;
}
