/**
 * The allocation rule of a round, in exact integer arithmetic (docs/airdrop.md "The rule"):
 * participants with at least `minPoints` points at the snapshot who are not excluded share
 * `total` in proportion to points × their tier's multiplier; a per-address cap is applied by
 * water-filling (whoever would get more than the cap gets the cap and the rest is shared again
 * among the others, until no one is over); the rounding dust goes one base unit at a time to the
 * largest remainders. The sum is exactly `total` unless every eligible address is capped.
 * Pure and client-safe: the simulator, the publish job and the bench run this same code.
 *
 * Shape for speed (the simulator runs it several times over 100,000 participants in ≤ 2 s,
 * bench/airdrop.ts): participants live in columns (typed arrays) sorted by address, so the address
 * tie-break is the index order; the weight order is sorted once per set of multipliers and shared by
 * every rule variant; bigint arithmetic only where the amounts need it.
 */

export type Participant = { address: string; points: number; tier: string };

export type AllocationRule = {
  minPoints: number;
  /** Base units; null = no cap. */
  capPerAddress: bigint | null;
  /** Tier name → multiplier in basis points (10000 = 1x). Tiers not listed count 1x. */
  tierMultipliers: Readonly<Record<string, number>>;
};

export type Allocation = {
  address: string;
  points: number;
  tier: string;
  multiplierBps: number;
  amount: bigint;
  capped: boolean;
};

/**
 * Why a participant with points at the snapshot has no leaf. `rounded_to_zero`: eligible, but their
 * share of the total floors to 0 base units (a small total or a 0-decimal token) and the dust went to
 * larger remainders; a zero leaf is worthless to claim, so it stays out of the tree and is recorded here.
 */
export type IneligibleReason = "below_minimum" | "excluded" | "rounded_to_zero";
export type Ineligible = { address: string; points: number; reason: IneligibleReason };

export type AllocationResult = {
  /** Sorted by address: the position is the leaf index. */
  allocations: Allocation[];
  /** In address order. */
  ineligible: Ineligible[];
  allocated: bigint;
  /** Left over only when every eligible address hit the cap (the cap is too low for the total). */
  unallocated: bigint;
  cappedCount: number;
};

export const ONE_X_BPS = 10_000;

/** Participants as columns, ascending by address (code units): index order is the tie-break order. */
export type Columns = {
  addresses: readonly string[];
  points: Float64Array;
  /** Index into `tierNames`. */
  tier: Uint16Array;
  tierNames: readonly string[];
  /** 1 = excluded (integrity feature). */
  excluded: Uint8Array;
};

/** Eligible-by-points participants (points > 0, not excluded) by weight desc, then address asc. */
export type WeightOrder = {
  order: Uint32Array;
  weight: Float64Array;
  /** Exact weights, only when some weight is beyond 2^53 (Float64 weights then only order roughly). */
  big: bigint[] | null;
  bps: number[];
  validBps: boolean[];
};

/** One rule's result: participants in weight order (indices into the columns) and their amounts. */
export type ColumnAllocation = {
  positions: number[];
  amounts: bigint[];
  cappedCount: number;
  allocated: bigint;
  unallocated: bigint;
};

const byAddress = (a: Participant, b: Participant) =>
  a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
const cmpBig = (a: bigint, b: bigint) => (a > b ? 1 : a < b ? -1 : 0);

export function toColumns(participants: readonly Participant[], excluded: ReadonlySet<string>): Columns {
  let list = participants;
  for (let i = 1; i < list.length; i++) {
    if ((list[i - 1] as Participant).address > (list[i] as Participant).address) {
      list = [...participants].sort(byAddress);
      break;
    }
  }
  const n = list.length;
  const names = new Map<string, number>();
  const points = new Float64Array(n);
  const tier = new Uint16Array(n);
  const mask = new Uint8Array(n);
  const addresses: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const p = list[i] as Participant;
    addresses[i] = p.address;
    points[i] = p.points;
    let t = names.get(p.tier);
    if (t === undefined) {
      t = names.size;
      names.set(p.tier, t);
    }
    tier[i] = t;
    if (excluded.size > 0 && excluded.has(p.address)) mask[i] = 1;
  }
  return { addresses, points, tier, tierNames: [...names.keys()], excluded: mask };
}

export function weightOrder(c: Columns, multipliers: Readonly<Record<string, number>>): WeightOrder {
  const bps = c.tierNames.map((t) => multipliers[t] ?? ONE_X_BPS);
  const validBps = bps.map((b) => Number.isInteger(b) && b >= 1);
  const n = c.points.length;
  const weight = new Float64Array(n);
  const idx: number[] = [];
  let exact = true;
  for (let i = 0; i < n; i++) {
    const p = c.points[i] as number;
    if (!(p > 0) || c.excluded[i]) continue;
    const t = c.tier[i] as number;
    const w = validBps[t] ? p * (bps[t] as number) : 0;
    weight[i] = w;
    if (!Number.isSafeInteger(w)) exact = false;
    idx.push(i);
  }
  let big: bigint[] | null = null;
  if (!exact) {
    big = new Array(n).fill(0n);
    for (const i of idx) {
      const t = c.tier[i] as number;
      big[i] = validBps[t] ? BigInt(c.points[i] as number) * BigInt(bps[t] as number) : 0n;
    }
  }
  const order = Uint32Array.from(idx);
  const b = big;
  order.sort(
    b === null
      ? (x, y) => (weight[y] as number) - (weight[x] as number) || x - y
      : (x, y) =>
          (weight[y] as number) - (weight[x] as number) || cmpBig(b[y] as bigint, b[x] as bigint) || x - y,
  );
  return { order, weight, big, bps, validBps };
}

/** Sum of the weights at `positions`, exact: float partial sums while they stay below 2^53. */
function weightTotal(wo: WeightOrder, positions: readonly number[]): bigint {
  if (wo.big) return positions.reduce((s, i) => s + (wo.big?.[i] as bigint), 0n);
  let sum = 0n;
  let acc = 0;
  for (const i of positions) {
    const w = wo.weight[i] as number;
    if (acc + w > Number.MAX_SAFE_INTEGER) {
      sum += BigInt(acc);
      acc = w;
    } else acc += w;
  }
  return sum + BigInt(acc);
}

export function allocateColumns(
  c: Columns,
  wo: WeightOrder,
  rule: AllocationRule,
  total: bigint,
): ColumnAllocation {
  if (total < 0n) throw new RangeError("total must not be negative");
  const positions: number[] = [];
  for (const i of wo.order) {
    if ((c.points[i] as number) < rule.minPoints) continue;
    const t = c.tier[i] as number;
    if (!wo.validBps[t]) throw new RangeError(`bad multiplier for tier ${c.tierNames[t]}`);
    positions.push(i);
  }
  const m = positions.length;
  const weightOf = (j: number) => {
    const i = positions[j] as number;
    return wo.big ? (wo.big[i] as bigint) : BigInt(wo.weight[i] as number);
  };
  const amounts: bigint[] = new Array(m).fill(0n);
  let remaining = total;
  let weightSum = weightTotal(wo, positions);
  // Water-filling in one pass: capping only ever raises the others' shares, so the capped set is a
  // prefix of the weight order; "iterate until stable" is the same as walking that prefix.
  let k = 0;
  const cap = rule.capPerAddress;
  if (cap !== null) {
    while (k < m) {
      const w = weightOf(k);
      if (remaining * w <= cap * weightSum) break;
      amounts[k] = cap;
      remaining -= cap;
      weightSum -= w;
      k++;
    }
  }
  let allocated = total - remaining;
  if (k < m && weightSum > 0n) {
    const rems: bigint[] = new Array(m - k);
    let floors = 0n;
    for (let j = k; j < m; j++) {
      const num = remaining * weightOf(j);
      const a = num / weightSum;
      amounts[j] = a;
      rems[j - k] = num - a * weightSum;
      floors += a;
    }
    // Largest remainder: the dust (< number of uncapped addresses) goes one unit each to the largest
    // remainders; ties keep the weight order, so more weight never gets less.
    let dust = remaining - floors;
    if (dust > 0n) {
      const approx = Float64Array.from(rems, Number);
      const rank = new Uint32Array(m - k).map((_, x) => x);
      rank.sort(
        (x, y) =>
          (approx[y] as number) - (approx[x] as number) ||
          cmpBig(rems[y] as bigint, rems[x] as bigint) ||
          x - y,
      );
      for (let x = 0; dust > 0n; x++, dust--) {
        const j = k + (rank[x] as number);
        amounts[j] = (amounts[j] as bigint) + 1n;
      }
    }
    allocated = total;
  }
  return { positions, amounts, cappedCount: k, allocated, unallocated: total - allocated };
}

export function allocate(
  participants: readonly Participant[],
  rule: AllocationRule,
  total: bigint,
  excluded: ReadonlySet<string> = new Set(),
): AllocationResult {
  if (total < 0n) throw new RangeError("total must not be negative");
  const c = toColumns(participants, excluded);
  const wo = weightOrder(c, rule.tierMultipliers);
  const r = allocateColumns(c, wo, rule, total);
  const n = c.points.length;
  const amountOf: (bigint | undefined)[] = new Array(n);
  const capped = new Uint8Array(n);
  r.positions.forEach((i, j) => {
    amountOf[i] = r.amounts[j];
    if (j < r.cappedCount) capped[i] = 1;
  });
  const allocations: Allocation[] = [];
  const ineligible: Ineligible[] = [];
  for (let i = 0; i < n; i++) {
    const points = c.points[i] as number;
    if (!(points > 0)) continue; // no points at the snapshot: not a participant of this round
    const address = c.addresses[i] as string;
    if (c.excluded[i]) ineligible.push({ address, points, reason: "excluded" });
    else if (points < rule.minPoints) ineligible.push({ address, points, reason: "below_minimum" });
    const amount = amountOf[i];
    if (amount === undefined) continue;
    // A zero leaf is worthless to claim; it stays out of the tree, and the checker says why.
    if (amount === 0n) {
      ineligible.push({ address, points, reason: "rounded_to_zero" });
      continue;
    }
    const t = c.tier[i] as number;
    allocations.push({
      address,
      points,
      tier: c.tierNames[t] as string,
      multiplierBps: wo.bps[t] as number,
      amount,
      capped: capped[i] === 1,
    });
  }
  return {
    allocations,
    ineligible,
    allocated: r.allocated,
    unallocated: r.unallocated,
    cappedCount: r.cappedCount,
  };
}
