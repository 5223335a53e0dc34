import type { Config } from "wagmi";
import { getBlock } from "wagmi/actions";

/**
 * The chain's current time in seconds: the pending block's timestamp, i.e. what the next
 * transaction's `block.timestamp` will be. The latest block's timestamp is not it: a chain that mines
 * on demand (Anvil) may not have mined for hours, and a swap deadline counted from that block is
 * already past ("Expired"). Falls back to the latest block where "pending" is not supported.
 */
export async function chainTime(config: Config, chainId: number): Promise<bigint> {
  const latest = await getBlock(config, { chainId });
  try {
    const pending = await getBlock(config, { chainId, blockTag: "pending" });
    // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max does not take
    return pending.timestamp > latest.timestamp ? pending.timestamp : latest.timestamp;
  } catch {
    return latest.timestamp;
  }
}
