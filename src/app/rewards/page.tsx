import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requirePageSession } from "@/features/auth";
import { StandingNotice } from "@/features/integrity";
import { myStanding } from "@/features/integrity/server";
import { RewardsDashboard } from "@/features/points";
import { leaderboard, pointsHistory, pointsSummary } from "@/features/points/server";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Rewards" };
export const dynamic = "force-dynamic";

export default async function RewardsPage() {
  const session = await requirePageSession("/rewards");
  const db = await getDb();
  const [standing, points, history, board] = await Promise.all([
    myStanding(db, { userId: session.userId, address: session.address }),
    pointsSummary(db, session.userId),
    pointsHistory(db, session.userId),
    leaderboard(db, session.userId),
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
