import { formatUnits } from "viem";
import { DEFAULT_LOCALE, formatInteger, formatNumber } from "@/lib/format";

/** "12345678" → "12,345,678"; null (RPC unreachable) → "unavailable". */
export function formatBlockNumber(blockNumber: string | null, locale = DEFAULT_LOCALE): string {
  if (blockNumber === null || !/^\d+$/.test(blockNumber)) return "unavailable";
  return formatInteger(BigInt(blockNumber), locale);
}

/** Gas price in gwei with at most 3 decimals ("1000000000" → "1 gwei"); tiny prices keep significant digits. */
export function formatGasPrice(gasPriceWei: string | null, locale = DEFAULT_LOCALE): string {
  if (gasPriceWei === null || !/^\d+$/.test(gasPriceWei)) return "unavailable";
  const wei = BigInt(gasPriceWei);
  const gwei = Number(formatUnits(wei, 9));
  if (wei > 0n && gwei < 0.001) return `${formatInteger(wei, locale)} wei`;
  return `${formatNumber(gwei, { locale, maxDecimals: 3 })} gwei`;
}

/** Chain id as wallets want it in wallet_addEthereumChain: 99199 → "0x1837f". */
export function chainIdHex(chainId: number): `0x${string}` {
  return `0x${chainId.toString(16)}`;
}

export type RpcHealth = "healthy" | "slow" | "down";

/** RPC health for the indicator: down when unreachable, slow above one second. */
export function rpcHealth(rpc: { ok: boolean; latencyMs: number }): RpcHealth {
  if (!rpc.ok) return "down";
  return rpc.latencyMs > 1000 ? "slow" : "healthy";
}
