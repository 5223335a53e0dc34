import type { Resolver, ResolverResult } from "react-hook-form";
import { z } from "zod";
import { amountMessages, validateAmount } from "./amount";

/**
 * The swap form validates against live chain context (Lido widget pattern): the token's decimals,
 * the wallet balance and, for exact-out, the most the quote may cost. The context changes while the
 * user types (balances refresh, quotes arrive), so the form re-validates when it does.
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

export function amountSchema(ctx: AmountFormContext) {
  return z.object({
    amount: z.string().superRefine((value, issue) => {
      const r = validateAmount(value, ctx.token, ctx.balance);
      if (!r.ok) {
        issue.addIssue({ code: "custom", message: r.message });
        return;
      }
      if (ctx.maxSpend !== undefined && ctx.spendBalance !== undefined && ctx.maxSpend > ctx.spendBalance) {
        issue.addIssue({ code: "custom", message: amountMessages.balance(ctx.spendSymbol ?? "") });
      }
    }),
  });
}

/** A react-hook-form resolver that builds the schema from the current context on every validation. */
export const amountResolver: Resolver<AmountFormValues, AmountFormContext> = async (values, context) => {
  const ctx = context as AmountFormContext;
  const parsed = amountSchema(ctx).safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} } as ResolverResult<AmountFormValues>;
  const issue = parsed.error.issues[0];
  return {
    values: {},
    errors: { amount: { type: "validate", message: issue?.message ?? "Invalid format" } },
  } as ResolverResult<AmountFormValues>;
};

/** Several amount fields, each checked against its own token and balance (liquidity, staking forms). */
export type AmountsContext<K extends string> = Record<
  K,
  { token: { decimals: number; symbol: string }; balance?: bigint }
>;

export function amountsSchema<K extends string>(ctx: AmountsContext<K>) {
  const shape = Object.fromEntries(
    (Object.keys(ctx) as K[]).map((k) => [
      k,
      z.string().superRefine((value, issue) => {
        const r = validateAmount(value, ctx[k].token, ctx[k].balance);
        if (!r.ok) issue.addIssue({ code: "custom", message: r.message });
      }),
    ]),
  ) as unknown as Record<K, z.ZodType<string>>;
  return z.object(shape);
}

export function amountsResolver<K extends string>(ctx: () => AmountsContext<K>): Resolver<Record<K, string>> {
  return async (values) => {
    const parsed = amountsSchema(ctx()).safeParse(values);
    if (parsed.success) return { values: parsed.data, errors: {} } as ResolverResult<Record<K, string>>;
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      errors[key] ??= { type: "validate", message: issue.message };
    }
    return { values: {}, errors } as ResolverResult<Record<K, string>>;
  };
}
