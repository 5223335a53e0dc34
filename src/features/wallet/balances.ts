import { formatUnits } from "viem";

/** The seed's token-balance entry; `quantity.numeric` is base units as a decimal string (docs/ARCHITECTURE.md). */
export type TokenBalance = {
  name: string;
  symbol: string;
  /** CAIP-2 network id, e.g. `eip155:99199`. */
  chainId: string;
  /** `eip155:{chainId}:0x…`; absent for the native coin. */
  address?: string;
  /** USD value of the whole balance (price × quantity). */
  value: number;
  /** USD per whole token, from pool reserves against tUSD (0 when unpriced). */
  price: number;
  quantity: { decimals: string; numeric: string };
  iconUrl: string;
};

export type BalanceResponse = {
  balances: TokenBalance[];
  /** "unavailable": the chain could not be read; the native row shows 0 (the seed's rule). */
  status: "ok" | "unavailable";
  /** When the balances were read (ISO 8601). */
  fetchedAt: string;
};

export type BalanceToken = {
  name: string;
  symbol: string;
  decimals: number;
  isNative: boolean;
  /** CAIP-10 address; ignored for the native coin. */
  caip: string;
  /** Key into the price map (lower-case address). */
  priceKey: string;
  iconUrl: string;
};

/** Builds the seed's entries from raw base-unit balances and a price map. */
export function toTokenBalances(
  chainId: number,
  tokens: readonly BalanceToken[],
  raw: readonly bigint[],
  prices: ReadonlyMap<string, number>,
): TokenBalance[] {
  return tokens.map((t, i) => {
    const amount = raw[i] ?? 0n;
    const price = prices.get(t.priceKey) ?? 0;
    const value = price === 0 ? 0 : Number(formatUnits(amount, t.decimals)) * price;
    return {
      name: t.name,
      symbol: t.symbol,
      chainId: `eip155:${chainId}`,
      ...(t.isNative ? {} : { address: t.caip }),
      value: Math.round(value * 100) / 100,
      price,
      quantity: { decimals: String(t.decimals), numeric: amount.toString() },
      iconUrl: t.iconUrl,
    };
  });
}
