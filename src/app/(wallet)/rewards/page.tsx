import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { StandingNotice } from "@/features/integrity";
import { loadMyStanding } from "@/features/integrity/server";
import { RewardsDashboard } from "@/features/points";
import { loadRewardsPage } from "@/features/points/server";
import { ROUTES } from "@/lib/routes";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Rewards" };
export const dynamic = "force-dynamic";

export default async function RewardsPage() {
  const session = await requirePageSession(ROUTES.rewards.path);
  const [standing, { points, history, board }] = await Promise.all([
    loadMyStanding({ userId: session.userId, address: session.address }),
    loadRewardsPage(session.userId),
  ]);
  return (
    <PageContainer>
      <PageHeader
        title="Rewards"
        description="Follow your points, your tier and your place on the leaderboard."
      />
      <StandingNotice initial={standing} />
      <RewardsDashboard initialPoints={points} initialHistory={history} initialLeaderboard={board} />
    </PageContainer>
  );
}
