import { type AllocationRule, allocate, type Participant } from "./allocation";

/**
 * What the simulator shows for one rule (docs/airdrop.md "Simulator"): distribution figures of the
 * allocation and how they move when the minimum, the cap or the multipliers change. Amounts are
 * decimal strings of base units; shares and Gini are fractions 0…1 (floating point: they are for
 * reading, not for paying).
 */
export type DistributionStats = {
  eligible: number;
  excluded: number;
  belowMinimum: number;
  capped: number;
  totalAllocated: string;
  unallocated: string;
  min: string;
  median: string;
  max: string;
  top1Share: number;
  top10Share: number;
  gini: number;
  perTier: { tier: string; recipients: number; amount: string }[];
};

export type SensitivityRow = { label: string; rule: SerializedRule; stats: DistributionStats };
export type SerializedRule = {
  minPoints: number;
  capPerAddress: string | null;
  tierMultipliers: Record<string, number>;
};
export type Simulation = { rule: SerializedRule; stats: DistributionStats; sensitivity: SensitivityRow[] };

const ratio = (part: bigint, whole: bigint) =>
  whole === 0n ? 0 : Number((part * 1_000_000n) / whole) / 1_000_000;

export function distributionStats(
  participants: readonly Participant[],
  rule: AllocationRule,
  total: bigint,
  excluded: ReadonlySet<string>,
  tierOrder: readonly string[],
): DistributionStats {
  const r = allocate(participants, rule, total, excluded);
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

export const serializeRule = (r: AllocationRule): SerializedRule => ({
  minPoints: r.minPoints,
  capPerAddress: r.capPerAddress === null ? null : r.capPerAddress.toString(),
  tierMultipliers: { ...r.tierMultipliers },
});

/** The rule variations the simulator compares against (each one change at a time). */
export function ruleVariants(rule: AllocationRule, total: bigint): { label: string; rule: AllocationRule }[] {
  const out: { label: string; rule: AllocationRule }[] = [];
  const half = Math.floor(rule.minPoints / 2);
  if (half !== rule.minPoints) out.push({ label: `Minimum ${half}`, rule: { ...rule, minPoints: half } });
  const double = Math.max(1, rule.minPoints * 2);
  out.push({ label: `Minimum ${double}`, rule: { ...rule, minPoints: double } });
  if (rule.capPerAddress === null) {
    // A cap at 1 % of the total shows what a cap would do to the concentration.
    const cap = total / 100n > 0n ? total / 100n : 1n;
    out.push({ label: "Cap 1% of total", rule: { ...rule, capPerAddress: cap } });
  } else {
    out.push({ label: "No cap", rule: { ...rule, capPerAddress: null } });
    out.push({ label: "Cap ×2", rule: { ...rule, capPerAddress: rule.capPerAddress * 2n } });
    if (rule.capPerAddress > 1n)
      out.push({ label: "Cap ÷2", rule: { ...rule, capPerAddress: rule.capPerAddress / 2n } });
  }
  if (Object.values(rule.tierMultipliers).some((b) => b !== 10_000))
    out.push({ label: "No multipliers", rule: { ...rule, tierMultipliers: {} } });
  return out;
}

export function simulate(
  participants: readonly Participant[],
  rule: AllocationRule,
  total: bigint,
  excluded: ReadonlySet<string>,
  tierOrder: readonly string[],
): Simulation {
  return {
    rule: serializeRule(rule),
    stats: distributionStats(participants, rule, total, excluded, tierOrder),
    sensitivity: ruleVariants(rule, total).map((v) => ({
      label: v.label,
      rule: serializeRule(v.rule),
      stats: distributionStats(participants, v.rule, total, excluded, tierOrder),
    })),
  };
}
