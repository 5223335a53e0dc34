import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { StandingNotice } from "@/features/integrity";
import { RewardsDashboard } from "@/features/points";
import { ROUTES } from "@/lib/routes";
import { loadRewardsPageData } from "@/server/rewards-page-data";
import { isSignedInShellRender } from "@/server/shell-page";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Rewards" };
export const dynamic = "force-dynamic";

export default async function RewardsPage() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session: skeletons; the
  // HTTP entry adds the visitor's data (the same loadRewardsPageData) per answer.
  const shell = await isSignedInShellRender();
  const data = shell ? null : await loadRewardsPageData(await requirePageSession(ROUTES.rewards.path));
  return (
    <PageContainer>
      <PageHeader
        title="Rewards"
        description="Follow your points, your tier and your place on the leaderboard."
      />
      {data ? (
        <>
          <StandingNotice initial={data.standing} />
          <RewardsDashboard initial={data} />
        </>
      ) : (
        <>
          <StandingNotice fromDocument page={ROUTES.rewards.path} />
          <RewardsDashboard fromDocument />
        </>
      )}
    </PageContainer>
  );
}
