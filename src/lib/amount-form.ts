import type { Resolver, ResolverResult } from "react-hook-form";
import { amountMessages, validateAmount } from "./amount";

/**
 * The swap form validates against live chain context (Lido widget pattern): the token's decimals,
 * the wallet balance and, for exact-out, the most the quote may cost. The context changes while the
 * user types (balances refresh, quotes arrive), so the form re-validates when it does.
 *
 * Plain functions, no zod: these resolvers ship with the swap, liquidity and staking pages, and a
 * schema library would add ~20 KB gzip to each of them for a check `validateAmount` already does
 * (docs/ARCHITECTURE.md, "Client bundles").
 */
export type AmountFormValues = { amount: string };

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

/** A react-hook-form resolver that checks against the current context on every validation. */
export const amountResolver: Resolver<AmountFormValues, AmountFormContext> = async (values, context) => {
  const message = amountProblem(values.amount, context as AmountFormContext);
  if (message === null)
    return { values: { amount: values.amount }, errors: {} } as ResolverResult<AmountFormValues>;
  return {
    values: {},
    errors: { amount: { type: "validate", message } },
  } as ResolverResult<AmountFormValues>;
};

/** Several amount fields, each checked against its own token and balance (liquidity, staking forms). */
export type AmountsContext<K extends string> = Record<
  K,
  { token: { decimals: number; symbol: string }; balance?: bigint }
>;

export function amountsResolver<K extends string>(ctx: () => AmountsContext<K>): Resolver<Record<K, string>> {
  return async (values) => {
    const fields = ctx();
    const errors: Record<string, { type: string; message: string }> = {};
    const parsed: Record<string, string> = {};
    for (const key of Object.keys(fields) as K[]) {
      const message = amountProblem(values[key], fields[key]);
      if (message !== null) errors[key] = { type: "validate", message };
      else parsed[key] = values[key];
    }
    if (Object.keys(errors).length === 0)
      return { values: parsed, errors: {} } as ResolverResult<Record<K, string>>;
    return { values: {}, errors } as ResolverResult<Record<K, string>>;
  };
}
