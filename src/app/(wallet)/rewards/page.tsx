import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth";
import { RewardsDashboard } from "@/features/points";
import { loadRewardsPage } from "@/features/points/server";
import { ROUTES } from "@/lib/routes";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Rewards" };
export const dynamic = "force-dynamic";

export default async function RewardsPage() {
  const session = await requirePageSession(ROUTES.rewards.path);
  const { points, history, board } = await loadRewardsPage(session.userId);
  return (
    <PageContainer>
      <PageHeader
        title="Rewards"
        description="Follow your points, your tier and your place on the leaderboard."
      />
      <RewardsDashboard initialPoints={points} initialHistory={history} initialLeaderboard={board} />
    </PageContainer>
  );
}
