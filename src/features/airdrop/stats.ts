import {
  type AllocationRule,
  allocateColumns,
  type Columns,
  type Participant,
  toColumns,
  type WeightOrder,
  weightOrder,
} from "./allocation";
import { type DistributionFigures, distributionFigures } from "./distribution";

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
  perTier: { tier: string; recipients: number; amount: string }[];
} & DistributionFigures;

export type SensitivityRow = { label: string; rule: SerializedRule; stats: DistributionStats };
export type SerializedRule = {
  minPoints: number;
  capPerAddress: string | null;
  tierMultipliers: Record<string, number>;
};
export type Simulation = { rule: SerializedRule; stats: DistributionStats; sensitivity: SensitivityRow[] };

/** Figures of one rule over the columns (the weight order shared between rules with the same multipliers). */
function statsOf(
  c: Columns,
  wo: WeightOrder,
  rule: AllocationRule,
  total: bigint,
  tierOrder: readonly string[],
): DistributionStats {
  const r = allocateColumns(c, wo, rule, total);
  // Amounts in weight order are non-increasing (more weight never gets less), so walking it backwards
  // gives them ascending; checked, and sorted only if that ever did not hold.
  const amounts: bigint[] = [];
  const tierAmount: bigint[] = c.tierNames.map(() => 0n);
  const tierCount: number[] = c.tierNames.map(() => 0);
  const tierFirst: number[] = c.tierNames.map(() => Number.POSITIVE_INFINITY);
  let ascending = true;
  for (let j = r.positions.length - 1; j >= 0; j--) {
    const a = r.amounts[j] as bigint;
    if (a === 0n) continue; // zero leaves are left out of the tree
    if (amounts.length > 0 && a < (amounts[amounts.length - 1] as bigint)) ascending = false;
    amounts.push(a);
    const i = r.positions[j] as number;
    const t = c.tier[i] as number;
    tierAmount[t] = (tierAmount[t] as bigint) + a;
    tierCount[t] = (tierCount[t] as number) + 1;
    tierFirst[t] = Math.min(tierFirst[t] as number, i);
  }
  if (!ascending) amounts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let excluded = 0;
  let belowMinimum = 0;
  for (let i = 0; i < c.points.length; i++) {
    const p = c.points[i] as number;
    if (!(p > 0)) continue;
    if (c.excluded[i]) excluded++;
    else if (p < rule.minPoints) belowMinimum++;
  }
  // The configured tiers first, then any other tier in the address order of its first recipient.
  const tiers = new Map<string, { recipients: number; amount: bigint }>(
    tierOrder.map((t) => [t, { recipients: 0, amount: 0n }]),
  );
  const seen = c.tierNames
    .map((name, t) => ({ name, t }))
    .filter(({ t }) => (tierCount[t] as number) > 0)
    .sort((a, b) => (tierFirst[a.t] as number) - (tierFirst[b.t] as number));
  for (const { name, t } of seen) {
    const e = tiers.get(name) ?? { recipients: 0, amount: 0n };
    e.recipients += tierCount[t] as number;
    e.amount += tierAmount[t] as bigint;
    tiers.set(name, e);
  }
  return {
    eligible: amounts.length,
    excluded,
    belowMinimum,
    capped: r.cappedCount,
    totalAllocated: r.allocated.toString(),
    unallocated: r.unallocated.toString(),
    ...distributionFigures(amounts, r.allocated),
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
  return simulateColumns(toColumns(participants, excluded), rule, total, tierOrder);
}

/** The rule and its variants over one set of columns; one weight sort per distinct set of multipliers. */
export function simulateColumns(
  c: Columns,
  rule: AllocationRule,
  total: bigint,
  tierOrder: readonly string[],
): Simulation {
  const orders = new Map<Readonly<Record<string, number>>, WeightOrder>();
  const stats = (r: AllocationRule) => {
    let wo = orders.get(r.tierMultipliers);
    if (!wo) {
      wo = weightOrder(c, r.tierMultipliers);
      orders.set(r.tierMultipliers, wo);
    }
    return statsOf(c, wo, r, total, tierOrder);
  };
  return {
    rule: serializeRule(rule),
    stats: stats(rule),
    sensitivity: ruleVariants(rule, total).map((v) => ({
      label: v.label,
      rule: serializeRule(v.rule),
      stats: stats(v.rule),
    })),
  };
}
