import { formatTokenAmount } from "@/lib/format";
import type { ActivityItem, ActivityKind, ActivityTransfer } from "./types";

/** A transfer as text: "5.98 AURUM" (readable digits, truncated; src/lib/format.ts). */
export function transferText(t: ActivityTransfer, locale?: string): string {
  return formatTokenAmount(BigInt(t.quantity.numeric), Number(t.quantity.decimals), {
    locale,
    symbol: t.symbol,
  });
}

const VERB: Record<ActivityKind, string> = {
  faucet: "Received from the faucet",
  send: "Sent",
  receive: "Received",
  swap: "Swapped",
  wrap: "Wrapped",
  unwrap: "Unwrapped",
  liquidity_add: "Added liquidity",
  liquidity_remove: "Removed liquidity",
  stake: "Staked",
  unstake: "Unstaked",
  reward: "Claimed staking rewards",
  claim: "Claimed airdrop",
};

/**
 * The one line that says what a transaction was: "Swapped 10 tUSD → 5.98 AURUM",
 * "Wrapped 1 AURUM → 1 WAURUM", "Sent 12.5 tUSD", "Added liquidity: 3 tUSD + 1.5 AURUM".
 * Unknown kinds (a newer server) fall back to the amounts alone.
 */
export function activityTitle(item: Pick<ActivityItem, "kind" | "transfers">, locale?: string): string {
  const outs = item.transfers.filter((t) => t.direction === "out").map((t) => transferText(t, locale));
  const ins = item.transfers.filter((t) => t.direction === "in").map((t) => transferText(t, locale));
  const verb = VERB[item.kind] ?? "Transaction";
  const join = (list: string[]) => list.join(" + ");
  switch (item.kind) {
    case "swap":
    case "wrap":
    case "unwrap":
      return outs.length && ins.length ? `${verb} ${join(outs)} → ${join(ins)}` : verb;
    case "liquidity_add":
      return outs.length ? `${verb}: ${join(outs)}` : verb;
    case "liquidity_remove":
      return ins.length ? `${verb}: ${join(ins)}` : verb;
    case "send":
    case "stake":
      return outs.length ? `${verb} ${join(outs)}` : verb;
    case "unstake":
      return ins.length
        ? `${verb} ${ins[0]}${ins.length > 1 ? ` + ${ins.slice(1).join(" + ")} reward` : ""}`
        : verb;
    case "reward":
    case "claim":
    case "receive":
      return ins.length ? `${verb} ${join(ins)}` : verb;
    case "faucet":
      return ins.length ? `${verb}: ${join(ins)}` : verb;
    default:
      return verb;
  }
}
