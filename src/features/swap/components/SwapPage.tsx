import type { AmmEnv } from "@/features/tokens";
import { EmptyState, PageContainer, PageHeader } from "@/ui";
import { LiquidityPanel } from "./LiquidityPanel";
import { SwapWidget } from "./SwapWidget";

/** `/swap`: trade at pool prices (best route of up to 2 hops), and provide liquidity. */
export function SwapPage({ env, nativeSymbol }: { env: AmmEnv | null; nativeSymbol: string }) {
  return (
    <PageContainer>
      <PageHeader
        title="Swap"
        description={`Trade ${nativeSymbol} and the test tokens at pool prices, and earn trading fees by providing liquidity.`}
      />
      {env ? (
        <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-[minmax(0,460px)_minmax(0,1fr)]">
          <SwapWidget env={env} />
          <LiquidityPanel env={env} />
        </div>
      ) : (
        <EmptyState
          title="The exchange is not deployed yet"
          description="The testnet contracts have not been deployed on this network. Run `npm run deploy`, then reload this page."
        />
      )}
    </PageContainer>
  );
}
