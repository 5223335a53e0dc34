/**
 * The allocation and the simulator's figures as they were before they moved to columns and a shared
 * weight order (commit 4796c1d): a slow, obviously-faithful oracle the fast code must equal exactly.
 */
import type { Allocation, AllocationResult, AllocationRule, Ineligible, Participant } from "./allocation";
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
    if (w.amount === 0n) continue; // a zero leaf is worthless to claim; it stays out of the tree
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

const ratio = (part: bigint, whole: bigint) =>
  whole === 0n ? 0 : Number((part * 1_000_000n) / whole) / 1_000_000;

export function referenceStats(
  participants: readonly Participant[],
  rule: AllocationRule,
  total: bigint,
  excluded: ReadonlySet<string>,
  tierOrder: readonly string[],
): DistributionStats {
  const r = referenceAllocate(participants, rule, total, excluded);
  const amounts = r.allocations.map((a) => a.amount).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const n = amounts.length;
  const topSum = (fraction: number) => {
    const count = Math.max(1, Math.ceil(n * fraction));
    let s = 0n;
    for (let i = Math.max(0, n - count); i < n; i++) s += amounts[i] as bigint;
    return s;
  };
  // Gini over the sorted amounts: G = 2·Σ i·x_i / (n·Σ x) − (n+1)/n, i from 1.
  let weighted = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const x = Number(amounts[i]);
    weighted += (i + 1) * x;
    sum += x;
  }
  const gini = n === 0 || sum === 0 ? 0 : Math.max(0, (2 * weighted) / (n * sum) - (n + 1) / n);
  const tiers = new Map<string, { recipients: number; amount: bigint }>(
    tierOrder.map((t) => [t, { recipients: 0, amount: 0n }]),
  );
  for (const a of r.allocations) {
    const t = tiers.get(a.tier) ?? { recipients: 0, amount: 0n };
    t.recipients++;
    t.amount += a.amount;
    tiers.set(a.tier, t);
  }
  const median = n === 0 ? 0n : n % 2 ? (amounts[(n - 1) / 2] as bigint) : (amounts[n / 2] as bigint);
  return {
    eligible: n,
    excluded: r.ineligible.filter((i) => i.reason === "excluded").length,
    belowMinimum: r.ineligible.filter((i) => i.reason === "below_minimum").length,
    capped: r.cappedCount,
    totalAllocated: r.allocated.toString(),
    unallocated: r.unallocated.toString(),
    min: (amounts[0] ?? 0n).toString(),
    median: median.toString(),
    max: (amounts[n - 1] ?? 0n).toString(),
    top1Share: ratio(topSum(0.01), r.allocated),
    top10Share: ratio(topSum(0.1), r.allocated),
    gini: Math.round(gini * 1e6) / 1e6,
    perTier: [...tiers].map(([tier, v]) => ({ tier, recipients: v.recipients, amount: v.amount.toString() })),
  };
}
