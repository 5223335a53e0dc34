import { type Address, getAddress, isAddress } from "viem";
import type { Deployment, PairKey } from "@/chain/deployment";

/**
 * The testnet's token list, built from a deployment. Pure (no fs, no RPC), so server code, client
 * components and tests share it. The native coin has no contract; like most aggregators (and the
 * seed's convert API) we address it with the 0xEeee… sentinel.
 */
export const NATIVE_TOKEN_ADDRESS = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" as const satisfies Address;

export type TokenId = "native" | "WAURUM" | "tUSD" | "tETH";

export type Token = {
  id: TokenId;
  chainId: number;
  /** Checksummed contract address; NATIVE_TOKEN_ADDRESS for the native coin. */
  address: Address;
  /** CAIP-10 form used by the API, e.g. `eip155:99199:0x…`. */
  caip: string;
  symbol: string;
  name: string;
  decimals: number;
  isNative: boolean;
  /** The ERC-20 that represents this token inside pools (the wrapped token for the native coin). */
  poolAddress: Address;
};

export type NativeCurrency = { name: string; symbol: string };

export type DeploymentLike = Pick<Deployment, "chainId" | "contracts" | "pairs">;

export function buildTokenList(d: DeploymentLike, native: NativeCurrency): Token[] {
  const chainId = d.chainId;
  const make = (
    id: TokenId,
    address: Address,
    symbol: string,
    name: string,
    decimals: number,
    poolAddress = address,
  ): Token => ({
    id,
    chainId,
    address: getAddress(address),
    caip: `eip155:${chainId}:${getAddress(address)}`,
    symbol,
    name,
    decimals,
    isNative: id === "native",
    poolAddress: getAddress(poolAddress),
  });
  const wrapped = d.contracts.wrappedNative.address;
  // Decimals are the ones scripts/deploy.ts deploys with (tUSD 6, tETH 18); an integration test
  // checks them against the chain so a changed deployment cannot drift silently.
  return [
    make("native", NATIVE_TOKEN_ADDRESS, native.symbol, native.name, 18, wrapped),
    make("WAURUM", wrapped, `W${native.symbol}`, `Wrapped ${native.name}`, 18),
    make("tUSD", d.contracts.tUSD.address, "tUSD", "Test USD", 6),
    make("tETH", d.contracts.tETH.address, "tETH", "Test Ether", 18),
  ];
}

/** The two pool-side tokens of each deployed pair. */
export function pairTokenIds(key: PairKey): [TokenId, TokenId] {
  const [a, b] = key.split("/") as [TokenId, TokenId];
  return [a, b];
}

export type CaipParseResult =
  | { ok: true; chainId: number; address: Address }
  | { ok: false; reason: "format" | "address" };

/** Parses `eip155:<chainId>:<0x address>`; a bare 0x address is not accepted (the chain must be explicit). */
export function parseCaipAddress(value: string): CaipParseResult {
  const m = /^eip155:(\d{1,12}):(.+)$/.exec(value.trim());
  if (!m) return { ok: false, reason: "format" };
  const raw = m[2] ?? "";
  if (!isAddress(raw, { strict: false })) return { ok: false, reason: "address" };
  return { ok: true, chainId: Number(m[1]), address: getAddress(raw) };
}

/** What client components of swap/stake/wallet need to know about the deployed AMM (serialisable props). */
export type AmmEnv = {
  chainId: number;
  explorerUrl: string;
  tokens: Token[];
  contracts: {
    router: Address;
    factory: Address;
    wrappedNative: Address;
    tUSD: Address;
    tETH: Address;
    stakingWAURUM: Address;
    stakingLP: Address;
  };
  pairs: { key: PairKey; address: Address; token0: Address; token1: Address }[];
};
