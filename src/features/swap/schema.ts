import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { messages } from "@/lib/validation-messages";

/**
 * Inputs of the /api/convert endpoints (one schema per payload). Token addresses stay strings here;
 * the service resolves them against the token list so unknown tokens and foreign chains get their
 * own clear 400s.
 */
export const caipTokenField = z.string({ error: messages.required }).trim().min(1, messages.required);

/** True when the letters are all one case (no checksum) or the mixed case is a valid EIP-55 checksum. */
const checksumOk = (v: string) => {
  const hex = v.slice(2);
  return hex === hex.toLowerCase() || hex === hex.toUpperCase() || isAddress(v, { strict: true });
};

/**
 * A wallet address: 0x and 40 hex digits; mixed case must carry a correct checksum (a wrong one is
 * a typo caught, not a 500 from the encoder further down). Answered in checksummed form.
 */
export const userAddressField = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .refine((v) => isAddress(v, { strict: false }), { error: (iss) => messages.address(String(iss.input)) })
  .refine(checksumOk, {
    error: (iss) => `Address "${String(iss.input)}" has a wrong checksum: check its letter case.`,
    abort: true,
  })
  .transform((v) => getAddress(v.toLowerCase()));

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

// Answers (for the API reference and contract tests; the route handlers build them in ../server).

const decimalString = z.string().regex(/^\d+$/);
const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/);
const estimateSchema = z.object({ gas: decimalString, gasPrice: decimalString });

/** `GET /api/convert/tokens` */
export const tokensResponse = z.object({
  tokens: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      address: z.string(),
      decimals: z.number(),
      logoUri: z.string(),
      eip2612: z.boolean(),
    }),
  ),
});

export const quoteEntrySchema = z.object({
  id: z.null(),
  kind: z.string(),
  side: z.enum(["exactIn", "exactOut"]),
  fromAmount: decimalString,
  fromAccount: z.string(),
  toAmount: decimalString,
  toAccount: z.string(),
  route: z.array(z.string()),
  path: z.array(z.string()),
  amounts: z.array(decimalString),
  priceImpact: z.string(),
  fee: decimalString,
  feeToken: z.string(),
  slippage: z.number(),
  minimumReceived: decimalString,
  maximumSold: decimalString,
});

/** `GET /api/convert/quotes` */
export const quotesResponse = z.object({ quotes: z.array(quoteEntrySchema) });

/** `GET /api/convert/allowance` */
export const allowanceResponse = z.object({ allowance: decimalString, spender: z.string() });

/** `GET /api/convert/gas-price` (wei) */
export const gasPriceResponse = z.object({
  standard: decimalString,
  fast: decimalString,
  instant: decimalString,
});

/** `GET /api/convert/build-approve` */
export const buildApproveResponse = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: hexData,
    value: decimalString,
    eip155: estimateSchema,
  }),
  spender: z.string(),
  amount: decimalString,
});

/** `POST /api/convert/build-transaction` */
export const buildTransactionResponse = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: hexData,
    amount: decimalString,
    value: decimalString,
    eip155: estimateSchema.optional(),
  }),
  functionName: z.string(),
  deadline: decimalString,
  approval: z.object({ token: z.string(), spender: z.string(), amount: decimalString }).nullable(),
  quote: quoteEntrySchema,
});

/** `POST /api/fungible/price` */
export const fungiblePriceResponse = z.object({
  fungibles: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      address: z.string(),
      iconUrl: z.string(),
      price: z.number(),
    }),
  ),
});
