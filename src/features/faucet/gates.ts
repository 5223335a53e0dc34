/**
 * The faucet's outflow and balance rules (pure; issue 12). The claim path in server/claims.ts
 * applies them with the database's clock and the chain's balances.
 */

/**
 * The drip scaled to the faucet's balance: the full drip while at least `reduceBelowDrips` drips are
 * left, then linearly less (balance / (reduceBelowDrips × drip) of it) down to nothing at zero.
 */
export function scaledDrip(drip: bigint, balance: bigint, reduceBelowDrips: number): bigint {
  if (drip <= 0n || reduceBelowDrips <= 0) return drip;
  const threshold = drip * BigInt(reduceBelowDrips);
  if (balance >= threshold) return drip;
  if (balance <= 0n) return 0n;
  return (drip * balance) / threshold;
}

/** Seconds until the next UTC midnight (when the daily outflow allowance resets), at least 1. */
export function secondsUntilUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Whether the bytecode at an address makes it a contract. An EIP-7702 delegation designator
 * (0xef0100 + address) is an externally owned account that delegated its code: a person, not a contract.
 */
export function isContractCode(code: string | undefined | null): boolean {
  if (!code || code === "0x") return false;
  return !/^0xef0100[0-9a-f]{40}$/i.test(code);
}

/** "3 h 20 min", "12 min", "45 s": a wait in words for refusal messages. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.ceil((s % 3600) / 60);
  if (h === 0) return `${m} min`;
  return m === 0 || m === 60 ? `${m === 60 ? h + 1 : h} h` : `${h} h ${m} min`;
}
