import type { Address } from "viem";
import type { Deployment } from "@/chain/deployment";

/** What a watched contract is, so the decoder knows which ABI and which tokens apply. */
export type ContractRole =
  | { kind: "token" }
  | { kind: "wrapped" }
  | { kind: "pair"; token0: Address; token1: Address }
  | { kind: "staking"; stakingToken: Address; rewardsToken: Address }
  | { kind: "disperse" }
  | { kind: "distributor"; token: Address };

export type TokenInfo = { address: Address; symbol: string; name: string; decimals: number };

/** Everything the indexer and the activity view need to know about our contracts, keyed lower-case. */
export type WatchList = {
  /** Lower-case address → role. */
  roles: Map<string, ContractRole>;
  /** Lower-case token address → metadata (tUSD, tETH, the wrapped native coin, LP tokens, airdrop tokens). */
  tokens: Map<string, TokenInfo>;
  disperse: Address;
  /** The AMM router: it wraps and unwraps the native coin for swaps and liquidity (no log of its own). */
  router: Address;
  wrappedNative: Address;
  tUSD: Address;
  /** The earliest deployment block: where indexing starts. */
  startBlock: number;
  nativeSymbol: string;
  nativeName: string;
};

const lc = (a: string) => a.toLowerCase();

/** Pair tokens in the factory's order (token0 < token1). */
export function sortTokens(a: Address, b: Address): [Address, Address] {
  return lc(a) < lc(b) ? [a, b] : [b, a];
}

/**
 * An airdrop distributor and the token it pays. Its round stores the token's symbol and decimals
 * (the deployment file does not know it: publishing deploys it, or the operator chose an ERC-20), and
 * a name only when the caller knows one.
 */
type Distributor = {
  address: Address;
  token: Address;
  symbol?: string;
  name?: string;
  decimals?: number;
};

export type WatchListOptions = {
  nativeSymbol: string;
  nativeName: string;
  /** Airdrop distributors, when the airdrop feature has deployed one. */
  distributors?: (Distributor & { block: number })[];
};

/** Adds the distributors' tokens whose metadata is known; the deployment's own tokens keep theirs. */
function addDistributorTokens(tokens: Map<string, TokenInfo>, list: readonly Distributor[]): void {
  for (const d of list) {
    if (d.symbol === undefined || d.decimals === undefined || tokens.has(lc(d.token))) continue;
    tokens.set(lc(d.token), {
      address: d.token,
      symbol: d.symbol,
      name: d.name ?? d.symbol,
      decimals: d.decimals,
    });
  }
}

/** `watch` with the distributors' tokens in its token map (a copy: the given one is shared). */
export function withDistributorTokens(watch: WatchList, list: readonly Distributor[]): WatchList {
  const tokens = new Map(watch.tokens);
  addDistributorTokens(tokens, list);
  return tokens.size === watch.tokens.size ? watch : { ...watch, tokens };
}

/**
 * The contracts of `deployments/<chainId>.json` with their roles. Token metadata is fixed by the deploy
 * script (tUSD 6 decimals, tETH 18, wrapped native "W{symbol}" 18), so no RPC round trip is needed.
 */
export function watchListFromDeployment(d: Deployment, opts: WatchListOptions): WatchList {
  const c = d.contracts;
  const roles = new Map<string, ContractRole>();
  const tokens = new Map<string, TokenInfo>();
  const wrappedSymbol = `W${opts.nativeSymbol}`;
  const tokenList: TokenInfo[] = [
    {
      address: c.wrappedNative.address,
      symbol: wrappedSymbol,
      name: `Wrapped ${opts.nativeName}`,
      decimals: 18,
    },
    { address: c.tUSD.address, symbol: "tUSD", name: "Test USD", decimals: 6 },
    { address: c.tETH.address, symbol: "tETH", name: "Test Ether", decimals: 18 },
  ];
  for (const t of tokenList) tokens.set(lc(t.address), t);
  roles.set(lc(c.wrappedNative.address), { kind: "wrapped" });
  roles.set(lc(c.tUSD.address), { kind: "token" });
  roles.set(lc(c.tETH.address), { kind: "token" });
  roles.set(lc(c.disperse.address), { kind: "disperse" });

  const pairTokens: Record<keyof Deployment["pairs"], [Address, Address]> = {
    "WAURUM/tUSD": [c.wrappedNative.address, c.tUSD.address],
    "WAURUM/tETH": [c.wrappedNative.address, c.tETH.address],
    "tETH/tUSD": [c.tETH.address, c.tUSD.address],
  };
  for (const [key, pair] of Object.entries(d.pairs) as [keyof Deployment["pairs"], Address][]) {
    const [token0, token1] = sortTokens(...pairTokens[key]);
    roles.set(lc(pair), { kind: "pair", token0, token1 });
    const label = key.replace("WAURUM", wrappedSymbol);
    tokens.set(lc(pair), { address: pair, symbol: `${label} LP`, name: `${label} liquidity`, decimals: 18 });
  }
  roles.set(lc(c.stakingWAURUM.address), {
    kind: "staking",
    stakingToken: c.wrappedNative.address,
    rewardsToken: c.tUSD.address,
  });
  roles.set(lc(c.stakingLP.address), {
    kind: "staking",
    stakingToken: d.pairs["WAURUM/tUSD"],
    rewardsToken: c.tUSD.address,
  });
  let startBlock = Math.min(...Object.values(c).map((x) => x.block));
  for (const dist of opts.distributors ?? []) {
    roles.set(lc(dist.address), { kind: "distributor", token: dist.token });
    startBlock = Math.min(startBlock, dist.block);
  }
  addDistributorTokens(tokens, opts.distributors ?? []);
  return {
    roles,
    tokens,
    disperse: c.disperse.address,
    router: c.router.address,
    wrappedNative: c.wrappedNative.address,
    tUSD: c.tUSD.address,
    startBlock,
    nativeSymbol: opts.nativeSymbol,
    nativeName: opts.nativeName,
  };
}
