import { custom, type EIP1193RequestFn, http, type Transport, toHex } from "viem";

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
 * the gas actually used is paid.
 */
export function withGasMargin(estimate: bigint): bigint {
  return (estimate * 150n) / 100n;
}

/**
 * An HTTP transport that pads every `eth_estimateGas` answer with {@link withGasMargin}, so a viem
 * wallet client (which uses the estimate itself as the limit) behaves like a real wallet. For the
 * test wallet, test chains and scripts that sign with a key.
 */
export function paddedGasTransport(url: string): Transport {
  const base = http(url)({ retryCount: 0 });
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    const answer = await base.request({ method, params } as never);
    return method === "eth_estimateGas" ? toHex(withGasMargin(BigInt(answer as string))) : answer;
  }) as EIP1193RequestFn;
  return custom({ request });
}
