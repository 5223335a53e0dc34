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
          {pools.map((p) => (
            <StakePoolCard key={p.id} env={env} pool={p} />
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
