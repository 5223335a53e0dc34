/**
 * The allocation and the simulator's figures as they were before they moved to columns and a shared
 * weight order (commit 4796c1d): a slow, obviously-faithful oracle the fast code must equal exactly.
 * The figures of the sorted amounts (Gini, shares, median) are the shared pure distribution.ts,
 * tested on its own: what this oracle checks is the allocation and the amounts' order.
 */
import type { Allocation, AllocationResult, AllocationRule, Ineligible, Participant } from "./allocation";
import { distributionFigures } from "./distribution";
import type { DistributionStats } from "./stats";

type Work = { p: Participant; bps: number; weight: bigint; amount: bigint; rem: bigint; capped: boolean };

const byWeightDesc = (a: Work, b: Work) =>
  a.weight === b.weight ? (a.p.address < b.p.address ? -1 : 1) : a.weight > b.weight ? -1 : 1;

export function referenceAllocate(
  participants: readonly Participant[],
  rule: AllocationRule,
  total: bigint,
  excluded: ReadonlySet<string> = new Set(),
): AllocationResult {
  if (total < 0n) throw new RangeError("total must not be negative");
  const ineligible: Ineligible[] = [];
  const work: Work[] = [];
  for (const p of participants) {
    if (!(p.points > 0)) continue; // no points at the snapshot: not a participant of this round
    if (excluded.has(p.address)) {
      ineligible.push({ address: p.address, points: p.points, reason: "excluded" });
    } else if (p.points < rule.minPoints) {
      ineligible.push({ address: p.address, points: p.points, reason: "below_minimum" });
    } else {
      const bps = rule.tierMultipliers[p.tier] ?? 10_000;
      if (!Number.isInteger(bps) || bps < 1) throw new RangeError(`bad multiplier for tier ${p.tier}`);
      work.push({ p, bps, weight: BigInt(p.points) * BigInt(bps), amount: 0n, rem: 0n, capped: false });
    }
  }
  work.sort(byWeightDesc);

  let remaining = total;
  let weightSum = 0n;
  for (const w of work) weightSum += w.weight;
  // Water-filling in one pass: capping only ever raises the others' shares, so the capped set is a
  // prefix of the weight order; "iterate until stable" is the same as walking that prefix.
  let k = 0;
  const cap = rule.capPerAddress;
  if (cap !== null) {
    while (k < work.length) {
      const w = work[k] as Work;
      if (remaining * w.weight <= cap * weightSum) break;
      w.amount = cap;
      w.capped = true;
      remaining -= cap;
      weightSum -= w.weight;
      k++;
    }
  }
  let allocated = total - remaining;
  if (k < work.length && weightSum > 0n) {
    let floors = 0n;
    for (let i = k; i < work.length; i++) {
      const w = work[i] as Work;
      const num = remaining * w.weight;
      w.amount = num / weightSum;
      w.rem = num % weightSum;
      floors += w.amount;
    }
    // Largest remainder: the dust (< number of uncapped addresses) goes one unit each to the largest
    // remainders; ties keep the weight order, so more weight never gets less.
    let dust = remaining - floors;
    if (dust > 0n) {
      const rest = work.slice(k);
      rest.sort((a, b) => (a.rem === b.rem ? byWeightDesc(a, b) : a.rem > b.rem ? -1 : 1));
      for (let i = 0; dust > 0n; i++, dust--) (rest[i] as Work).amount += 1n;
    }
    allocated = total;
  }

  const allocations: Allocation[] = [];
  for (const w of work) {
    if (w.amount === 0n) {
      // A zero leaf is worthless to claim; it stays out of the tree, recorded with its reason.
      ineligible.push({ address: w.p.address, points: w.p.points, reason: "rounded_to_zero" });
      continue;
    }
    allocations.push({
      address: w.p.address,
      points: w.p.points,
      tier: w.p.tier,
      multiplierBps: w.bps,
      amount: w.amount,
      capped: w.capped,
    });
  }
  allocations.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  return { allocations, ineligible, allocated, unallocated: total - allocated, cappedCount: k };
}

export function referenceStats(
  participants: readonly Participant[],
  rule: AllocationRule,
  total: bigint,
  excluded: ReadonlySet<string>,
  tierOrder: readonly string[],
): DistributionStats {
  const r = referenceAllocate(participants, rule, total, excluded);
  const amounts = r.allocations.map((a) => a.amount).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const tiers = new Map<string, { recipients: number; amount: bigint }>(
    tierOrder.map((t) => [t, { recipients: 0, amount: 0n }]),
  );
  for (const a of r.allocations) {
    const t = tiers.get(a.tier) ?? { recipients: 0, amount: 0n };
    t.recipients++;
    t.amount += a.amount;
    tiers.set(a.tier, t);
  }
  return {
    eligible: amounts.length,
    excluded: r.ineligible.filter((i) => i.reason === "excluded").length,
    belowMinimum: r.ineligible.filter((i) => i.reason === "below_minimum").length,
    capped: r.cappedCount,
    totalAllocated: r.allocated.toString(),
    unallocated: r.unallocated.toString(),
    ...distributionFigures(amounts, r.allocated),
    perTier: [...tiers].map(([tier, v]) => ({ tier, recipients: v.recipients, amount: v.amount.toString() })),
  };
}
