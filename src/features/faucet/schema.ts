import { z } from "zod";

/**
 * Wire shapes of the faucet API, shared by the route handlers and the FaucetPanel.
 * Amounts are decimal strings of base units; times are ISO 8601 UTC.
 */

export const FAUCET_ASSETS = ["native", "tUSD", "tETH"] as const;
export type FaucetAsset = (typeof FAUCET_ASSETS)[number];

export const CLAIM_STATUSES = ["queued", "sent", "confirmed", "failed"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** `unavailable`: the server cannot read the faucet's balance (RPC down or contracts not deployed). */
export const FAUCET_STATES = ["ok", "refilling", "unavailable"] as const;
export type FaucetState = (typeof FAUCET_STATES)[number];

const baseUnits = z.string().regex(/^\d+$/);
const hash = z.string().regex(/^0x[0-9a-f]{64}$/);

export const claimCreatedSchema = z.object({
  claimId: z.uuid(),
  status: z.enum(CLAIM_STATUSES),
});
export type ClaimCreated = z.infer<typeof claimCreatedSchema>;

export const paymentViewSchema = z.object({
  asset: z.enum(FAUCET_ASSETS),
  amount: baseUnits,
  status: z.enum(CLAIM_STATUSES),
  txHash: hash.optional(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const claimViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(CLAIM_STATUSES),
  /** The transaction that paid (or is paying) the native coin, else the first token payment. */
  txHash: hash.optional(),
  /** 1-based place in the queue while the claim is queued. */
  position: z.number().int().positive().optional(),
  createdAt: z.iso.datetime(),
  payments: z.array(paymentViewSchema),
  error: z.string().optional(),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

export const dripSchema = z.object({
  asset: z.enum(FAUCET_ASSETS),
  symbol: z.string(),
  decimals: z.number().int().min(0).max(36),
  amount: baseUnits,
});
export type Drip = z.infer<typeof dripSchema>;

export const faucetStatusSchema = z.object({
  drips: z.array(dripSchema),
  cooldownSeconds: z.number().int().positive(),
  /** When the caller may claim again; null when they may claim now. */
  nextClaimAt: z.iso.datetime().nullable(),
  state: z.enum(FAUCET_STATES),
  lastClaim: claimViewSchema.nullable(),
});
export type FaucetStatus = z.infer<typeof faucetStatusSchema>;
