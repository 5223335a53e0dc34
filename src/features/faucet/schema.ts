import { z } from "zod";

/**
 * Wire shapes of the faucet API, shared by the route handlers and the FaucetPanel.
 * Amounts are decimal strings of base units; times are ISO 8601 UTC.
 */

export const FAUCET_ASSETS = ["native", "tUSD", "tETH"] as const;
export type FaucetAsset = (typeof FAUCET_ASSETS)[number];

/**
 * Decimals of the faucet's assets as deployed by scripts/deploy.ts (tUSD: 6, tETH: 18). The sender
 * checks them against the token contracts before it pays anything; the console's drip settings
 * refuse finer amounts.
 */
export const ASSET_DECIMALS: Record<FaucetAsset, number> = { native: 18, tUSD: 6, tETH: 18 };

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

/** `GET /api/faucet/challenge`: an ALTCHA challenge (docs/api.md "Faucet"). */
export const powChallengeSchema = z.object({
  algorithm: z.literal("SHA-256"),
  challenge: z.string(),
  salt: z.string(),
  signature: z.string(),
  maxnumber: z.number().int().positive(),
});
export type PowChallenge = z.infer<typeof powChallengeSchema>;

/** `POST /api/faucet/claim` body: the solved challenge as the ALTCHA widget encodes it (base64 JSON). */
export const claimBodySchema = z.object({
  altcha: z
    .string()
    .min(1)
    .max(2_000)
    .regex(/^[A-Za-z0-9+/=]+$/, "Invalid format"),
});

/** The rules shown up front on the faucet panel. */
export const faucetRulesSchema = z.object({
  ipLimit: z.number().int().positive(),
  subnetLimit: z.number().int().positive(),
  /** Native base units: recipients holding more are refused. */
  maxRecipientBalance: baseUnits,
  powMaxNumber: z.number().int().positive(),
});

export const assetStatsSchema = z.object({
  asset: z.enum(FAUCET_ASSETS),
  symbol: z.string(),
  decimals: z.number().int(),
  /** The faucet's balance; null when the chain cannot be read. */
  balance: baseUnits.nullable(),
  /** Promised today (UTC) against the daily cap. */
  outflowToday: baseUnits,
  dailyCap: baseUnits,
  /** Cumulative outflow at the end of each UTC hour of today so far (the chart). */
  hourly: z.array(baseUnits),
});
export type AssetStats = z.infer<typeof assetStatsSchema>;

export const recentPayoutSchema = z.object({
  /** Masked recipient: the page shows activity without publishing addresses. */
  recipient: z.string(),
  asset: z.enum(FAUCET_ASSETS),
  amount: baseUnits,
  txHash: hash,
  at: z.iso.datetime(),
});

/** The faucet as anyone may see it (the status section on /testnet). */
export const faucetPublicSchema = z.object({
  assets: z.array(assetStatsSchema),
  queueLength: z.number().int().min(0),
  recent: z.array(recentPayoutSchema),
});
export type FaucetPublic = z.infer<typeof faucetPublicSchema>;

export const faucetStatusSchema = z.object({
  drips: z.array(dripSchema),
  cooldownSeconds: z.number().int().positive(),
  /** When the caller may claim again; null when they may claim now (or are not signed in). */
  nextClaimAt: z.iso.datetime().nullable(),
  state: z.enum(FAUCET_STATES),
  paused: z.boolean(),
  rules: faucetRulesSchema,
  lastClaim: claimViewSchema.nullable(),
  public: faucetPublicSchema,
});
export type FaucetStatus = z.infer<typeof faucetStatusSchema>;
