import { z } from "zod";
import { isoDateTime } from "@/lib/iso-date";

// Payloads of the airdrop API, shared by the admin form and the route handlers (one schema each).

const baseUnits = z
  .string()
  .regex(/^\d{1,78}$/, "a whole number of base units, as a decimal string")
  .refine((s) => BigInt(s) < 2n ** 256n, "at most 2^256 - 1")
  .refine((s) => BigInt(s) > 0n, "more than zero");

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "an address (0x followed by 40 hex digits)")
  .transform((a) => a.toLowerCase() as `0x${string}`);

/** Tier name → multiplier (e.g. 1.5), at most four decimals, from 0.0001 to 100. */
const multipliers = z
  .record(
    z.string().min(1).max(30),
    z
      .number()
      .min(0.0001, "a multiplier of at least 0.0001")
      .max(100, "a multiplier of at most 100")
      .refine((n) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6, "at most four decimals"),
  )
  .refine((r) => Object.keys(r).length <= 20, "at most 20 tiers");

export const createRoundSchema = z
  .object({
    name: z.string().trim().min(1, "Enter a name").max(80),
    /** An existing ERC-20; without it publishing deploys a fresh "{product} Airdrop Token" (tAIR). */
    token: address.optional(),
    totalAmount: baseUnits,
    /** The points ledger as of this instant; default: now. */
    snapshotAt: isoDateTime.optional(),
    minPoints: z.number().int().min(0).max(1_000_000_000),
    capPerAddress: baseUnits.optional(),
    tierMultipliers: multipliers.optional(),
    opensAt: isoDateTime,
    deadline: isoDateTime,
  })
  .strict()
  .refine((r) => Date.parse(r.opensAt) < Date.parse(r.deadline), {
    message: "The deadline must be after the opening",
    path: ["deadline"],
  })
  .refine((r) => Date.parse(r.deadline) > Date.now(), {
    message: "The deadline must be in the future",
    path: ["deadline"],
  })
  .refine((r) => !r.snapshotAt || Date.parse(r.snapshotAt) <= Date.parse(r.opensAt), {
    message: "The snapshot must be at or before the opening",
    path: ["snapshotAt"],
  });
export type CreateRoundInput = z.input<typeof createRoundSchema>;

/** Where unclaimed tokens go (default: the deployer). Never the zero address: that burns them. */
export const sweepSchema = z
  .object({
    to: address
      .refine(
        (a) => !/^0x0{40}$/.test(a),
        "the zero address would burn the tokens; leave it empty for the deployer",
      )
      .optional(),
  })
  .strict();

export const roundIdSchema = z.object({ id: z.uuid("a round id") });
export const proofParamsSchema = z.object({
  id: z.uuid("a round id"),
  address,
});

/** Multipliers as the API takes them (1.5) ↔ as the database keeps them (15000 basis points). */
export const toBps = (m: Record<string, number> = {}) =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v * 10_000)]));
export const fromBps = (m: Record<string, number>) =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v / 10_000]));

export const ROUND_STATUSES = ["draft", "frozen", "deployed", "funded", "published"] as const;
export type Phase = "upcoming" | "open" | "closed";

const tokenView = z.object({ address: z.string().nullable(), symbol: z.string(), decimals: z.number() });

export const breakdownSchema = z.object({
  points: z.number(),
  tier: z.string(),
  multiplier: z.number(),
  minPoints: z.number(),
  capped: z.boolean(),
  cap: z.string().nullable(),
});

/** Why `me` is not eligible: the freeze's recorded reasons (airdrop_ineligible), else `no_points`. */
export const INELIGIBLE_REASONS = ["below_minimum", "excluded", "rounded_to_zero", "no_points"] as const;

export const meSchema = z.object({
  eligible: z.boolean(),
  index: z.number().nullable(),
  amount: z.string().nullable(),
  proof: z.array(z.string()).nullable(),
  claimed: z.boolean(),
  breakdown: breakdownSchema.nullable(),
  reason: z.enum(INELIGIBLE_REASONS).nullable(),
  points: z.number(),
});

export const publicRoundSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["upcoming", "open", "closed"]),
  token: tokenView,
  distributor: z.string().nullable(),
  merkleRoot: z.string().nullable(),
  snapshotAt: z.string(),
  opensAt: z.string(),
  deadline: z.string(),
  totalAmount: z.string(),
  minPoints: z.number(),
  recipients: z.number(),
  claims: z.object({ count: z.number(), amount: z.string() }),
  me: meSchema,
});
export type PublicRound = z.infer<typeof publicRoundSchema>;
export type RoundMe = z.infer<typeof meSchema>;
export const airdropListSchema = z.object({ rounds: z.array(publicRoundSchema) });

export const adminRoundSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ROUND_STATUSES),
  phase: z.enum(["upcoming", "open", "closed"]),
  tokenMode: z.enum(["deploy", "existing"]),
  token: tokenView,
  totalAmount: z.string(),
  snapshotAt: z.string(),
  minPoints: z.number(),
  capPerAddress: z.string().nullable(),
  tierMultipliers: z.record(z.string(), z.number()),
  opensAt: z.string(),
  deadline: z.string(),
  merkleRoot: z.string().nullable(),
  recipients: z.number().nullable(),
  distributor: z.string().nullable(),
  transactions: z.array(z.object({ kind: z.string(), hash: z.string(), minedBlock: z.number().nullable() })),
  publishing: z.boolean(),
  /** Publishing was requested and the job has not ended (queued until the worker claims it). */
  publishRequested: z.boolean(),
  lastError: z.string().nullable(),
  claims: z.object({ count: z.number(), amount: z.string() }),
  sweptAt: z.string().nullable(),
  sweptAmount: z.string().nullable(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminRound = z.infer<typeof adminRoundSchema>;
