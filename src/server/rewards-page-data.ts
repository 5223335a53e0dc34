import type { Session } from "@/features/auth/server";
import type { MyStanding } from "@/features/integrity";
import { loadMyStanding } from "@/features/integrity/server";
import type { RewardsData } from "@/features/points";
import { loadRewardsPage } from "@/features/points/server";

/** What /rewards shows of the user: the integrity standing and the points dashboard. */
export type RewardsPageData = RewardsData & { standing: MyStanding };

/**
 * /rewards' one read (two features, so it lives here): the page's server render and the HTTP
 * entry's page-data block of its signed-in shell (scripts/lib/shell-data.ts) both call it.
 */
export async function loadRewardsPageData(session: Session): Promise<RewardsPageData> {
  const [standing, rewards] = await Promise.all([
    loadMyStanding({ userId: session.userId, address: session.address }),
    loadRewardsPage(session.userId),
  ]);
  return { ...rewards, standing };
}
