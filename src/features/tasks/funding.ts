import { parseUnits } from "viem";
import type { TaskType } from "./definitions";

/**
 * Can one faucet drip pay for every on-chain task (issue 18)? A pure plan: from a fresh wallet
 * holding exactly one drip, walk the tasks in order, pick the action that meets each threshold
 * (which token to sell in a swap, how much to wrap and stake), price swaps on the pools' reserves
 * (Uniswap V2 maths, 0.3 % fee) and charge every transaction gas. The unit test runs it over
 * content/tasks.yaml with the default drip; the Anvil test executes the very same steps on chain.
 */

export type Asset = "AURUM" | "tUSD" | "tETH";
export type Balances = Record<Asset, bigint>;
/** Reserves of the pools that pair the native coin (as WAURUM) with a token. */
export type Pools = { tUSD: { native: bigint; token: bigint }; tETH: { native: bigint; token: bigint } };

export const DECIMALS: Record<Asset, number> = { AURUM: 18, tUSD: 6, tETH: 18 };

/**
 * Upper bounds of the gas each action uses on our contracts (the Anvil test measures the real
 * figures and checks they stay below), at a gas price well above the testnet's 1 gwei base fee.
 */
export const GAS = {
  approve: 60_000n,
  swap: 160_000n,
  addLiquidity: 260_000n,
  wrap: 60_000n,
  stake: 160_000n,
  claimReward: 120_000n,
  send: 21_000n,
  airdropClaim: 120_000n,
} as const;
export const GAS_PRICE_BUDGET = parseUnits("10", 9);

/** What the plan deposits, stakes and sends when a task has no amount of its own. */
const LIQUIDITY_NATIVE = parseUnits("0.1", 18);
const DUST_STAKE = parseUnits("0.01", 18);
const SEND_AMOUNT = parseUnits("0.01", 18);

export type FundingStep =
  | { task: string; action: "none" }
  | { task: string; action: "swap"; sell: Asset; buy: Asset; amountIn: bigint; minOut: bigint }
  | { task: string; action: "addLiquidity"; native: bigint; tUSD: bigint }
  | { task: string; action: "stake"; amount: bigint }
  | { task: string; action: "claimReward" }
  | { task: string; action: "send"; amount: bigint }
  | { task: string; action: "airdropClaim" };

export type FundingPlan = {
  steps: FundingStep[];
  /** Tasks the drip cannot pay for, each with the reason. Empty when every task is fundable. */
  problems: { task: string; reason: string }[];
  /** Gas the plan reserves (units × GAS_PRICE_BUDGET), in wei. */
  gasBudget: bigint;
  left: Balances;
};

type PlanTask = { id: string; type: TaskType; params: Record<string, unknown> };

export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const withFee = amountIn * 997n;
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee);
}

export function amountIn(out: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (out >= reserveOut) return 2n ** 255n;
  return (reserveIn * out * 1000n) / ((reserveOut - out) * 997n) + 1n;
}

function assetOf(symbol: string): Asset | null {
  const s = symbol.toLowerCase();
  if (s === "aurum" || s === "waurum") return "AURUM";
  if (s === "tusd") return "tUSD";
  if (s === "teth") return "tETH";
  return null;
}

/** Plans every on-chain task of `tasks` (in the given order) from one drip. */
export function planFunding(tasks: readonly PlanTask[], drip: Balances, pools: Pools): FundingPlan {
  const bal: Balances = { ...drip };
  const steps: FundingStep[] = [];
  const problems: FundingPlan["problems"] = [];
  let gasUnits = 0n;
  let staked = 0n;

  /** Charges the gas of `units` and any coin spent; false (nothing changed) when the wallet is short. */
  const spend = (units: bigint, cost: Partial<Balances>): boolean => {
    const gas = units * GAS_PRICE_BUDGET;
    const native = (cost.AURUM ?? 0n) + gas;
    if (bal.AURUM < native || bal.tUSD < (cost.tUSD ?? 0n) || bal.tETH < (cost.tETH ?? 0n)) return false;
    bal.AURUM -= native;
    bal.tUSD -= cost.tUSD ?? 0n;
    bal.tETH -= cost.tETH ?? 0n;
    gasUnits += units;
    return true;
  };
  const short = (task: string, what: string) =>
    problems.push({ task, reason: `${what}; the wallet holds ${holdings(bal)} after the earlier tasks` });

  for (const t of tasks) {
    switch (t.type) {
      case "faucet_claim":
        steps.push({ task: t.id, action: "none" });
        break;
      case "swap": {
        const step = planSwap(t.id, String(t.params.token), String(t.params.amount), bal, pools);
        if (typeof step === "string") short(t.id, step);
        else if (
          !spend(step.sell === "AURUM" ? GAS.swap : GAS.approve + GAS.swap, { [step.sell]: step.amountIn })
        )
          short(t.id, `swapping ${fmt(step.amountIn, step.sell)} needs gas too`);
        else {
          bal[step.buy] += step.minOut;
          steps.push(step);
        }
        break;
      }
      case "add_liquidity": {
        const tUSD = (LIQUIDITY_NATIVE * pools.tUSD.token) / pools.tUSD.native + 1n;
        // The router takes the exact ratio and refunds the rest; approve and send 1 % more tUSD.
        const slack = tUSD + tUSD / 100n;
        if (!spend(GAS.approve + GAS.addLiquidity, { AURUM: LIQUIDITY_NATIVE, tUSD: slack }))
          short(t.id, `adding ${fmt(LIQUIDITY_NATIVE, "AURUM")} + ${fmt(slack, "tUSD")} of liquidity`);
        else steps.push({ task: t.id, action: "addLiquidity", native: LIQUIDITY_NATIVE, tUSD: slack });
        break;
      }
      case "stake": {
        const amount = parseUnits(String(t.params.amount), 18);
        const more = amount > staked ? amount - staked : 0n;
        if (more === 0n) steps.push({ task: t.id, action: "none" });
        else if (!spend(GAS.wrap + GAS.approve + GAS.stake, { AURUM: more }))
          short(t.id, `staking ${fmt(more, "AURUM")} (wrapped) plus gas`);
        else {
          staked += more;
          steps.push({ task: t.id, action: "stake", amount: more });
        }
        break;
      }
      case "claim_reward":
        // A reward needs a stake first: a dust stake when no stake task came before.
        if (staked === 0n) {
          if (!spend(GAS.wrap + GAS.approve + GAS.stake, { AURUM: DUST_STAKE })) {
            short(t.id, `staking ${fmt(DUST_STAKE, "AURUM")} to earn a reward`);
            break;
          }
          staked = DUST_STAKE;
          steps.push({ task: t.id, action: "stake", amount: DUST_STAKE });
        }
        if (!spend(GAS.claimReward, {})) short(t.id, "claiming the reward needs gas");
        else steps.push({ task: t.id, action: "claimReward" });
        break;
      case "send":
        if (!spend(GAS.send, { AURUM: SEND_AMOUNT })) short(t.id, `sending ${fmt(SEND_AMOUNT, "AURUM")}`);
        else steps.push({ task: t.id, action: "send", amount: SEND_AMOUNT });
        break;
      case "airdrop_claim":
        // Eligibility comes from the airdrop round, not the drip; the claim itself only costs gas.
        if (!spend(GAS.airdropClaim, {})) short(t.id, "the airdrop claim needs gas");
        else steps.push({ task: t.id, action: "airdropClaim" });
        break;
      default:
        break; // Off-chain tasks cost nothing.
    }
  }
  return { steps, problems, gasBudget: gasUnits * GAS_PRICE_BUDGET, left: bal };
}

/** One swap moving at least `amount` of `token`: sell the token when the drip has it, else buy it. */
function planSwap(task: string, token: string, amount: string, bal: Balances, pools: Pools) {
  const asset = assetOf(token);
  if (!asset) return `no pool trades ${token}`;
  const needed = parseUnits(amount, DECIMALS[asset]);
  const pool = (a: Exclude<Asset, "AURUM">) => pools[a];
  const step = (
    sell: Asset,
    buy: Asset,
    amountIn: bigint,
    minOut: bigint,
  ): FundingStep & { action: "swap" } => ({ task, action: "swap", sell, buy, amountIn, minOut });
  if (asset === "AURUM") {
    // Sell the coin itself when the wallet has enough beyond gas, else buy it with tUSD.
    const reserve = parseUnits("0.05", 18);
    if (bal.AURUM >= needed + reserve)
      return step("AURUM", "tUSD", needed, amountOut(needed, pool("tUSD").native, pool("tUSD").token));
    const cost = amountIn(needed, pool("tUSD").token, pool("tUSD").native);
    if (bal.tUSD >= cost) return step("tUSD", "AURUM", cost, needed);
    return `a swap of ${amount} ${token} needs ${fmt(cost, "tUSD")} or ${amount} AURUM plus gas`;
  }
  const p = pool(asset);
  if (bal[asset] >= needed) return step(asset, "AURUM", needed, amountOut(needed, p.token, p.native));
  const cost = amountIn(needed, p.native, p.token);
  if (bal.AURUM >= cost) return step("AURUM", asset, cost, needed);
  return `a swap of ${amount} ${token} needs ${amount} ${token} to sell or ${fmt(cost, "AURUM")} to buy it with`;
}

function fmt(v: bigint, asset: Asset): string {
  const d = DECIMALS[asset];
  const whole = v / 10n ** BigInt(d);
  const frac = (v % 10n ** BigInt(d)).toString().padStart(d, "0").slice(0, 4).replace(/0+$/, "");
  return `${whole}${frac ? `.${frac}` : ""} ${asset}`;
}

const holdings = (b: Balances) => (["AURUM", "tUSD", "tETH"] as const).map((a) => fmt(b[a], a)).join(", ");
