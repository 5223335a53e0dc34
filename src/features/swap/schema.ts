import { isAddress } from "viem";
import { z } from "zod";
import { messages } from "@/lib/validation-messages";

/**
 * Inputs of the /api/convert endpoints (one schema per payload). Token addresses stay strings here;
 * the service resolves them against the token list so unknown tokens and foreign chains get their
 * own clear 400s.
 */
export const caipTokenField = z.string({ error: messages.required }).trim().min(1, messages.required);

export const userAddressField = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .refine((v) => isAddress(v, { strict: false }), { error: (iss) => messages.address(String(iss.input)) })
  .transform((v) => v as `0x${string}`);

/** Base units as a decimal string (docs/ARCHITECTURE.md: money crosses the API as decimal strings of base units). */
export const baseUnitsField = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .regex(/^\d+$/, messages.integer)
  .max(78, "Amount is too large")
  .transform((v) => BigInt(v))
  .refine((v) => v > 0n, "Amount must be greater than 0")
  .refine((v) => v < 2n ** 256n, "Amount is too large");

export const sideField = z
  .enum(["exactIn", "exactOut"], { error: 'side must be "exactIn" or "exactOut"' })
  .default("exactIn");

/** Slippage in percent, as the seed's `eip155.slippage` (0.01–50, default 1). */
export const slippagePercentField = z.coerce
  .number({ error: "slippage must be a number of percent" })
  .min(0.01, "slippage must be at least 0.01 (percent)")
  .max(50, "slippage can be at most 50 (percent)")
  .default(1);

export const chainIdField = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .regex(/^(eip155:)?\d{1,12}$/, messages.format)
  .transform((v) => Number(v.replace(/^eip155:/, "")));

export const tokensQuery = z.object({ chainId: chainIdField });
export const quotesQuery = z.object({
  amount: baseUnitsField,
  userAddress: userAddressField.optional(),
  from: caipTokenField,
  to: caipTokenField,
  side: sideField,
  slippage: slippagePercentField,
  gasPrice: z.string().optional(),
});
export const allowanceQuery = z.object({ tokenAddress: caipTokenField, userAddress: userAddressField });
export const gasPriceQuery = z.object({ chainId: chainIdField });
export const buildApproveQuery = z.object({
  userAddress: userAddressField,
  from: caipTokenField,
  to: caipTokenField,
  amount: baseUnitsField,
});
export const buildTransactionBody = z.object({
  amount: baseUnitsField,
  eip155: z.object({ slippage: slippagePercentField }).default({ slippage: 1 }),
  from: caipTokenField,
  to: caipTokenField,
  userAddress: userAddressField,
  side: sideField,
  /** Unix seconds; default now + 20 minutes. */
  deadline: z.coerce.number().int().positive().optional(),
  disableEstimate: z.boolean().optional(),
  projectId: z.string().optional(),
});
export const priceBody = z.object({
  currency: z.literal("usd", { error: 'currency must be "usd"' }),
  addresses: z
    .array(caipTokenField)
    .min(1, "addresses: list at least one token")
    .max(100, "addresses: at most 100 tokens"),
  projectId: z.string().optional(),
});

/** Reads a URL's query string into a plain object (absent keys stay undefined). */
export function queryObject(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams.entries());
}
