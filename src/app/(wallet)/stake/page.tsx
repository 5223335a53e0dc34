import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { StakePage } from "@/features/stake";
import { getAmmEnv } from "@/features/tokens/server";
import { ROUTES } from "@/lib/routes";

export const metadata: Metadata = { title: "Stake" };

export default async function Stake() {
  await requirePageSession(ROUTES.stake.path);
  return <StakePage env={getAmmEnv()} />;
}
