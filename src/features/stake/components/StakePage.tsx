import { Suspense } from "react";
import type { AmmEnv } from "@/features/tokens";
import { EmptyState, PageContainer, PageHeader } from "@/ui";
import { stakePoolsOf } from "../pools";
import { StakePoolCard } from "./StakePoolCard";

/** `/stake`: the deployment's staking pools; stake, watch rewards accrue, claim and unstake. */
export function StakePage({ env }: { env: AmmEnv | null }) {
  const pools = env ? stakePoolsOf(env) : [];
  return (
    <PageContainer>
      <PageHeader
        title="Stake"
        description="Stake test tokens in the reward pools and earn tUSD every second while the reward period runs."
      />
      {env && pools.length > 0 ? (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          {/* A Suspense boundary per card: nothing suspends, but React hydrates each server-rendered
              boundary in its own interruptible pass, so the cards hydrate in short tasks, not one long
              one (docs/ARCHITECTURE.md, "Main-thread work"). */}
          {pools.map((p) => (
            <Suspense key={p.id}>
              <StakePoolCard env={env} pool={p} />
            </Suspense>
          ))}
        </div>
      ) : (
        <EmptyState
          title="No staking pools yet"
          description="The testnet contracts have not been deployed on this network. Run `npm run deploy`, then reload this page."
        />
      )}
    </PageContainer>
  );
}
