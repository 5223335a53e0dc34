import type { Address } from "viem";
import type { AmmEnv, Token, TokenId } from "@/features/tokens";

/** A staking pool from the deployment, as the stake page shows it. Serialisable (server → client props). */
export type StakePool = {
  id: "WAURUM" | "LP";
  address: Address;
  stakingToken: {
    address: Address;
    caip: string;
    symbol: string;
    name: string;
    decimals: number;
    icon: TokenId | "lp";
  };
  rewardToken: Token;
  /** The native coin can be staked here: it is wrapped first. */
  nativeToken: Token | null;
};

export function stakePoolsOf(env: AmmEnv): StakePool[] {
  const byId = (id: TokenId) => env.tokens.find((t) => t.id === id) as Token;
  const wrapped = byId("WAURUM");
  const native = byId("native");
  const usd = byId("tUSD");
  const lp = env.pairs.find((p) => p.key === "WAURUM/tUSD");
  const pools: StakePool[] = [
    {
      id: "WAURUM",
      address: env.contracts.stakingWAURUM,
      stakingToken: {
        address: wrapped.address,
        caip: wrapped.caip,
        symbol: wrapped.symbol,
        name: wrapped.name,
        decimals: 18,
        icon: "WAURUM",
      },
      rewardToken: usd,
      nativeToken: native,
    },
  ];
  if (lp) {
    pools.push({
      id: "LP",
      address: env.contracts.stakingLP,
      stakingToken: {
        address: lp.address,
        caip: `eip155:${env.chainId}:${lp.address}`,
        symbol: `${native.symbol}/${usd.symbol} LP`,
        name: `${wrapped.symbol}/${usd.symbol} liquidity`,
        decimals: 18,
        icon: "lp",
      },
      rewardToken: usd,
      nativeToken: null,
    });
  }
  return pools;
}
