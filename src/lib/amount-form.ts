import { amountMessages, validateAmount } from "./amount";
import { formatTokenAmount } from "./format";

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
  /**
   * Native coin (18 decimals) to keep for the network fee when the amount spent is the native coin
   * (`NATIVE_GAS_RESERVE`): the amount, or `maxSpend`, plus this must fit the balance.
   */
  gasReserve?: bigint;
};

/** The message for one typed amount, or null when it is valid in `ctx`. */
export function amountProblem(value: unknown, ctx: AmountFormContext): string | null {
  if (typeof value !== "string" && value !== undefined && value !== null) return "Invalid format";
  const r = validateAmount(value, ctx.token, ctx.balance);
  if (!r.ok) return r.message;
  const reserve = ctx.gasReserve ?? 0n;
  const fee = (symbol: string) => amountMessages.balanceAfterFee(symbol, formatTokenAmount(reserve, 18));
  if (ctx.balance !== undefined && r.value + reserve > ctx.balance) return fee(ctx.token.symbol);
  if (ctx.maxSpend !== undefined && ctx.spendBalance !== undefined) {
    if (ctx.maxSpend > ctx.spendBalance) return amountMessages.balance(ctx.spendSymbol ?? "");
    if (ctx.maxSpend + reserve > ctx.spendBalance) return fee(ctx.spendSymbol ?? "");
  }
  return null;
}
