import type { Metadata } from "next";
import { ComingSoon } from "@/features/app-shell";
import { requirePageSession } from "@/features/auth";

export const metadata: Metadata = { title: "Rewards" };

export default async function RewardsPage() {
  await requirePageSession("/rewards");
  return <ComingSoon title="Rewards" description="Follow your points and the rewards they earn you." />;
}
