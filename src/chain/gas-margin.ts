import { custom, type EIP1193RequestFn, http, MethodNotSupportedRpcError, type Transport, toHex } from "viem";

/**
 * Gas limits with headroom over `eth_estimateGas`.
 *
 * An estimate is exact for the state it ran on, and a transaction is mined on a later one. Our pairs
 * (Uniswap V2) write their cumulative prices only when a swap is the first in a block with a newer
 * timestamp: an estimate taken in the same second as the last block skips those two storage writes,
 * the swap mined a second later does them, and a gas limit equal to the estimate runs out of gas
 * (seen as a rare `reverted` swap in a CI run). On a pair whose accumulators are still zero the
 * writes cost +24,600 gas on a 120,400 estimate (+20 %, measured in gas-margin.int.test.ts), so
 * Uniswap's interface's 20 % is not enough; we add 50 %, as MetaMask does for contract calls. Only
 * the gas actually used is paid. The staking pool has the same edge: an exit estimated in the second
 * of the account's last reward update leaves its reward slots unchanged, mined a second later it
 * writes them (about +11,000 gas, +28,000 when the pool's carried remainder first becomes non-zero)
 * and runs out of gas (staking.int.test.ts).
 */
export function withGasMargin(estimate: bigint): bigint {
  return (estimate * 150n) / 100n;
}

/**
 * An HTTP transport that pads every `eth_estimateGas` answer with {@link withGasMargin}, so a viem
 * wallet client (which uses the estimate itself as the limit) behaves like a real wallet. For the
 * test wallet, test chains and scripts that sign with a key.
 *
 * viem fills a transaction with `eth_fillTransaction` when the node offers it (Anvil does), and the
 * gas it fills is the node's bare estimate: that bypassed the margin, and the bare limit ran out of
 * gas in e2e/stake.spec.ts's exit under load. This transport declines the method, so viem falls
 * back to `eth_estimateGas` and every limit it picks carries the margin.
 */
export function paddedGasTransport(url: string): Transport {
  const base = http(url)({ retryCount: 0 });
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    if (method === "eth_fillTransaction")
      throw new MethodNotSupportedRpcError(new Error("eth_fillTransaction is not available"), { method });
    const answer = await base.request({ method, params } as never);
    return method === "eth_estimateGas" ? toHex(withGasMargin(BigInt(answer as string))) : answer;
  }) as EIP1193RequestFn;
  return custom({ request });
}
