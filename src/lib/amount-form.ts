import { amountMessages, validateAmount } from "./amount";

/**
 * The amount forms (swap, liquidity, stake) validate against live chain context (Lido widget pattern): the token's decimals,
 * the wallet balance and, for exact-out, the most the quote may cost. The context changes while the
 * user types (balances refresh, quotes arrive), so the forms check at every render (src/lib/use-fields.ts).
 *
 * Plain functions, no zod and no form library: these checks ship with the swap, liquidity and staking pages, and a
 * schema library would add ~20 KB gzip to each of them for a check `validateAmount` already does
 * (docs/ARCHITECTURE.md, "Client bundles").
 */
export type AmountFormContext = {
  /** The token the typed amount is in. */
  token: { decimals: number; symbol: string };
  /** Balance to check the typed amount against (undefined: not known yet, or exact-out). */
  balance?: bigint;
  /** For exact-out: what the trade may cost at most, checked against `spendBalance`. */
  maxSpend?: bigint;
  spendBalance?: bigint;
  spendSymbol?: string;
};

/** The message for one typed amount, or null when it is valid in `ctx`. */
export function amountProblem(value: unknown, ctx: AmountFormContext): string | null {
  if (typeof value !== "string" && value !== undefined && value !== null) return "Invalid format";
  const r = validateAmount(value, ctx.token, ctx.balance);
  if (!r.ok) return r.message;
  if (ctx.maxSpend !== undefined && ctx.spendBalance !== undefined && ctx.maxSpend > ctx.spendBalance) {
    return amountMessages.balance(ctx.spendSymbol ?? "");
  }
  return null;
}
