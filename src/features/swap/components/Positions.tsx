"use client";

import type { Address } from "viem";
import { type AmmEnv, sameAddress, TokenIcon, underlyingAmounts, usePrices } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { Card, EmptyState, Skeleton } from "@/ui";
import { pairLabel, sidesOf } from "../liquidity";
import type { PoolWithPosition } from "../queries";

/** The account's liquidity positions: share of each pool, the tokens it holds and its value in tUSD. */
export function Positions({
  env,
  pools,
  loading,
  account,
}: {
  env: AmmEnv;
  pools: PoolWithPosition[] | undefined;
  loading: boolean;
  account: Address | undefined;
}) {
  const f = useFormat();
  const prices = usePrices(env.pairs.map((p) => `eip155:${env.chainId}:${p.address}`));
  const mine = pools?.filter((p) => p.lpBalance > 0n) ?? [];
  return (
    <Card title="Your positions">
      {!account ? (
        <p className="text-sm text-muted">Connect your wallet to see your liquidity positions.</p>
      ) : loading ? (
        <Skeleton className="h-20 w-full" />
      ) : mine.length === 0 ? (
        <EmptyState
          title="No liquidity yet"
          description="Add liquidity to a pool above; your share and the tokens it holds will show here."
        />
      ) : (
        <ul className="flex flex-col divide-y divide-border" data-testid="positions">
          {mine.map((p) => {
            const [a, b] = sidesOf(p, env.tokens);
            const u = underlyingAmounts(p, p.lpBalance);
            const [ua, ub] = sameAddress(p.token0, a.token.poolAddress)
              ? [u.amount0, u.amount1]
              : [u.amount1, u.amount0];
            const share =
              p.totalSupply > 0n ? Number((p.lpBalance * 1_000_000n) / p.totalSupply) / 1_000_000 : 0;
            const lpPrice = prices.data?.[`eip155:${env.chainId}:${p.address}`.toLowerCase()];
            return (
              <li
                key={p.key}
                className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                data-testid={`position-${p.key}`}
              >
                <span className="flex items-center gap-2 font-medium">
                  <span className="flex -space-x-1.5">
                    <TokenIcon id={a.token.id} size={20} />
                    <TokenIcon id={b.token.id} size={20} />
                  </span>
                  {pairLabel(a.token, b.token)}
                  <span className="tabular text-xs text-muted">{f.percent(share)} of pool</span>
                </span>
                <span className="tabular text-muted">
                  {f.token(ua, a.token.decimals, { symbol: a.token.symbol })} +{" "}
                  {f.token(ub, b.token.decimals, { symbol: b.token.symbol })}
                  {lpPrice !== undefined ? ` · ${f.tusd((Number(p.lpBalance) / 1e18) * lpPrice)}` : ""}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
