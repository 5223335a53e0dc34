import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { messages } from "@/lib/validation-messages";

/**
 * The support forms' rules without zod: the client forms check with these plain functions, so /support
 * evaluates no zod at load (its module set-up was one 110 ms task on a throttled phone:
 * docs/ARCHITECTURE.md, "Client bundles"). The route handlers validate with the zod schemas in
 * `schema.ts`, built from the same constants; `rules.test.ts` checks both give the same messages.
 */

export const SUPPORT_CATEGORIES = ["wallet", "faucet", "swap", "stake", "points", "other"] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<SupportCategory, string> = {
  wallet: "Wallet and sign-in",
  faucet: "Faucet",
  swap: "Swap",
  stake: "Staking",
  points: "Points, tasks and referrals",
  other: "Something else",
};

export const LIMITS = {
  email: 254,
  subject: { min: 4, max: 120 },
  message: { min: 20, max: 5000 },
  reply: { max: 5000 },
} as const;

export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

// zod 4's `z.email()` pattern (zod/v4/core/regexes.js), so client and server accept the same addresses.
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What the ticket form holds (every field a string; an untouched select is ""). */
export type TicketFormValues = {
  email: string;
  category: string;
  subject: string;
  message: string;
  txHash?: string | null;
};
export type ReplyFormValues = { body: string };
type Errors<T> = Partial<Record<keyof T, string>>;

/** The first failing rule of a required text, in the order the zod schema checks them. */
function requiredText(value: unknown, min: number, max: number): string | undefined {
  if (typeof value !== "string") return messages.required;
  const s = value.trim();
  if (s.length < 1) return messages.required;
  if (s.length < min) return messages.min(min);
  if (s.length > max) return messages.max(max);
  return undefined;
}

/** The message per invalid field of a new ticket (empty: valid), as `ticketCreateSchema` words it. */
export function ticketFormErrors(values: TicketFormValues): Errors<TicketFormValues> {
  const errors: Errors<TicketFormValues> = {};
  const email = requiredText(values.email, 1, LIMITS.email);
  if (email) errors.email = email;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = messages.email;
  if (!(SUPPORT_CATEGORIES as readonly string[]).includes(values.category)) {
    errors.category =
      values.category === undefined || values.category === "" ? messages.required : messages.format;
  }
  const subject = requiredText(values.subject, LIMITS.subject.min, LIMITS.subject.max);
  if (subject) errors.subject = subject;
  const message = requiredText(values.message, LIMITS.message.min, LIMITS.message.max);
  if (message) errors.message = message;
  const tx = values.txHash;
  if (tx !== undefined && tx !== null) {
    if (typeof tx !== "string" || (tx.trim() !== "" && !TX_HASH_PATTERN.test(tx.trim())))
      errors.txHash = messages.format;
  }
  return errors;
}

/** The message per invalid field of a reply (empty: valid), as `replySchema` words it. */
export function replyFormErrors(values: ReplyFormValues): Errors<ReplyFormValues> {
  const body = requiredText(values.body, 1, LIMITS.reply.max);
  return body ? { body } : {};
}

/**
 * A react-hook-form resolver from one of the functions above: the values pass through unchanged (the
 * form sends what the user typed; the server trims and validates with its schema).
 */
export function rulesResolver<F extends FieldValues>(
  check: (values: F) => Record<string, string | undefined>,
): Resolver<F> {
  return async (values) => {
    const found = Object.entries(check(values)).filter((e): e is [string, string] => e[1] !== undefined);
    if (found.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        found.map(([field, message]) => [field, { type: "validate", message }]),
      ) as FieldErrors<F>,
    };
  };
}
