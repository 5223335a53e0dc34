import type { FaucetAsset } from "../schema";

/** Most recipients in one Disperse transaction (issue 4). */
export const MAX_BATCH_RECIPIENTS = 100;

export type QueuedPayment = {
  claimId: string;
  seq: number;
  address: `0x${string}`;
  asset: FaucetAsset;
  amount: bigint;
};

/** The payments of one asset that go into one Disperse call. */
export type AssetGroup = {
  asset: FaucetAsset;
  recipients: `0x${string}`[];
  values: bigint[];
  claimIds: string[];
  total: bigint;
};

export type BatchPlan = { claimIds: string[]; groups: AssetGroup[] };

const ASSET_ORDER: readonly FaucetAsset[] = ["native", "tUSD", "tETH"];

/**
 * Picks the next batch (pure): the oldest claims first, at most `max` of them, and never two claims
 * of one address, so a `PaymentFailed(recipient)` event names exactly one payment of the batch.
 * Later claims of a skipped address simply wait for the next batch.
 */
export function planBatch(queued: readonly QueuedPayment[], max = MAX_BATCH_RECIPIENTS): BatchPlan {
  const byClaim = new Map<string, QueuedPayment[]>();
  for (const p of [...queued].sort((a, b) => a.seq - b.seq)) {
    const list = byClaim.get(p.claimId);
    if (list) list.push(p);
    else byClaim.set(p.claimId, [p]);
  }
  const chosen: QueuedPayment[][] = [];
  const seen = new Set<string>();
  for (const payments of byClaim.values()) {
    if (chosen.length >= max) break;
    const address = payments[0]!.address.toLowerCase();
    if (seen.has(address)) continue;
    seen.add(address);
    chosen.push(payments);
  }
  const groups: AssetGroup[] = [];
  for (const asset of ASSET_ORDER) {
    const group: AssetGroup = { asset, recipients: [], values: [], claimIds: [], total: 0n };
    for (const payments of chosen) {
      for (const p of payments) {
        if (p.asset !== asset || p.amount <= 0n) continue;
        group.recipients.push(p.address);
        group.values.push(p.amount);
        group.claimIds.push(p.claimId);
        group.total += p.amount;
      }
    }
    if (group.recipients.length > 0) groups.push(group);
  }
  return { claimIds: chosen.map((c) => c[0]!.claimId), groups };
}

/**
 * The longest run of `plan`'s claims, oldest first, whose transactions `fits` accepts (pure); an
 * empty plan when not even the oldest claim fits. A balance that covers part of the queue pays that
 * part instead of stopping every payout until the whole batch fits. First in, first out: a claim
 * that does not fit ends the batch, so a later (smaller) claim never overtakes it. `fits` must be
 * monotonic (a batch that fits still fits without its newest claim), which a cost that only adds
 * amounts and per-recipient gas is.
 */
export function trimBatch(plan: BatchPlan, fits: (groups: readonly AssetGroup[]) => boolean): BatchPlan {
  if (plan.claimIds.length === 0 || fits(plan.groups)) return plan;
  const firstN = (n: number): BatchPlan => {
    const keep = new Set(plan.claimIds.slice(0, n));
    const groups: AssetGroup[] = [];
    for (const g of plan.groups) {
      const part: AssetGroup = { asset: g.asset, recipients: [], values: [], claimIds: [], total: 0n };
      g.claimIds.forEach((id, i) => {
        if (!keep.has(id)) return;
        part.recipients.push(g.recipients[i]!);
        part.values.push(g.values[i]!);
        part.claimIds.push(id);
        part.total += g.values[i]!;
      });
      if (part.recipients.length > 0) groups.push(part);
    }
    return { claimIds: plan.claimIds.slice(0, n), groups };
  };
  // Invariant: the first `lo` claims fit (none trivially), the first `hi` do not.
  let lo = 0;
  let hi = plan.claimIds.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fits(firstN(mid).groups)) lo = mid;
    else hi = mid;
  }
  return firstN(lo);
}

/**
 * Gas limits for the faucet's transactions, chosen generously instead of estimated: a token
 * Disperse cannot be estimated before its approve is mined, and over-estimating costs nothing
 * (only used gas is charged). Native payments forward a 50,000 gas stipend to each recipient.
 */
export function gasLimitFor(
  kind: "disperse_native" | "approve" | "disperse_token",
  recipients: number,
): bigint {
  switch (kind) {
    case "approve":
      return 80_000n;
    case "disperse_native":
      return 80_000n + BigInt(recipients) * 95_000n;
    case "disperse_token":
      return 100_000n + BigInt(recipients) * 60_000n;
  }
}
