import type { PublicClient } from "viem";
import { testnetClient } from "@/chain/clients";
import { logger } from "@/server/logger";
import { recordRpcProbe } from "@/server/metrics";
import { rpcErrorForLog } from "@/server/rpc-error";
import type { ChainStatus } from "../chain-status-types";

/** Probe budget: the shared client retries for up to ~30 s, far too long for a page or a health check. */
export const RPC_PROBE_TIMEOUT_MS = 3_000;
/** Many browsers poll this; one RPC round trip per second per process is plenty. */
const CACHE_MS = 1_000;
const FAILURE_CACHE_MS = 5_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`RPC did not answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

/** Reads the latest block and gas price once; an unreachable RPC yields `rpc.ok = false`, never a throw. */
export async function probeChain(
  client: PublicClient,
  timeoutMs = RPC_PROBE_TIMEOUT_MS,
): Promise<ChainStatus> {
  const started = performance.now();
  try {
    const [blockNumber, gasPrice] = await withTimeout(
      Promise.all([client.getBlockNumber({ cacheTime: 0 }), client.getGasPrice()]),
      timeoutMs,
    );
    const latencyMs = Math.round(performance.now() - started);
    recordRpcProbe(true, latencyMs);
    return {
      blockNumber: blockNumber.toString(),
      gasPriceWei: gasPrice.toString(),
      rpc: { ok: true, latencyMs },
    };
  } catch (err) {
    const latencyMs = Math.round(performance.now() - started);
    recordRpcProbe(false, latencyMs);
    logger.warn({ err: rpcErrorForLog(err) }, "testnet RPC probe failed");
    return { blockNumber: null, gasPriceWei: null, rpc: { ok: false, latencyMs } };
  }
}

let cached: { until: number; value: Promise<ChainStatus> } | undefined;

/**
 * The current chain status of the configured testnet. Concurrent callers share one probe; a good
 * answer is reused for 1 s, a failed one for 5 s, so a dead RPC is not hammered by polling browsers.
 */
export function getChainStatus(now = Date.now()): Promise<ChainStatus> {
  if (cached && now < cached.until) return cached.value;
  const value = probeChain(testnetClient()).then((status) => {
    cached = { until: Date.now() + (status.rpc.ok ? CACHE_MS : FAILURE_CACHE_MS), value };
    return status;
  });
  cached = { until: Number.POSITIVE_INFINITY, value };
  return value;
}
