import { z } from "zod";

// Wire shapes of the integrity API (client-safe): exclusions, appeals, sybil scores and clusters.

import { APPEAL_NOTE_MAX, EXCLUSION_CATEGORIES } from "./categories";

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "Invalid format")
  .transform((s) => s.toLowerCase());
const reason = z.string().trim().min(3, "Minimum 3 characters").max(500, "Maximum 500 characters");

export const excludeBodySchema = z.object({
  address,
  reasonCategory: z.enum(EXCLUSION_CATEGORIES),
  reason,
});
export const restoreBodySchema = z.object({ address, reason });
export const importBodySchema = z.object({
  csv: z.string().min(1).max(5_000_000),
  reasonCategory: z.enum(EXCLUSION_CATEGORIES),
  reason,
});
/**
 * `membersHash` is the cluster's as the operator was shown it (clusterSchema): required to confirm,
 * so a confirmation excludes only members someone reviewed (a changed cluster is a 409); checked
 * too when a dismissal sends it.
 */
export const clusterDecisionSchema = z
  .object({
    decision: z.enum(["confirm", "dismiss"]),
    reason,
    reasonCategory: z.enum(EXCLUSION_CATEGORIES).default("sybil"),
    membersHash: z
      .string()
      .regex(/^[0-9a-f]{32}$/, "Invalid format")
      .optional(),
  })
  .refine((b) => b.decision !== "confirm" || b.membersHash !== undefined, {
    path: ["membersHash"],
    message: "Required to confirm: the membersHash of the cluster as listed",
  });

export const exclusionSchema = z.object({
  address: z.string(),
  reasonCategory: z.enum(EXCLUSION_CATEGORIES),
  reason: z.string(),
  source: z.enum(["manual", "import", "cluster"]),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

/** What the participant sees on /rewards about their own standing. */
export const myStandingSchema = z.object({
  excluded: z.boolean(),
  reasonCategory: z.enum(EXCLUSION_CATEGORIES).nullable(),
  since: z.iso.datetime().nullable(),
  /** The support ticket of the appeal, once one was opened. */
  appealTicketId: z.string().nullable(),
  /** The email of the participant's latest ticket, to prefill the appeal. */
  email: z.string().nullable(),
});
export type MyStanding = z.infer<typeof myStandingSchema>;

export const appealBodySchema = z.object({
  email: z.string().trim().min(1, "Required").max(254).pipe(z.email("Invalid email")),
  note: z.string().trim().max(APPEAL_NOTE_MAX, `Maximum ${APPEAL_NOTE_MAX} characters`).default(""),
});

export const scoreSchema = z.object({
  address: z.string(),
  score: z.number().int(),
  reasons: z.array(z.string()),
  excluded: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type SybilScore = z.infer<typeof scoreSchema>;

export const clusterSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  key: z.string(),
  status: z.enum(["open", "confirmed", "dismissed"]),
  score: z.number().int(),
  size: z.number().int(),
  members: z.array(z.string()),
  evidence: z.array(z.string()),
  decidedBy: z.string().nullable(),
  updatedAt: z.iso.datetime(),
  /** MD5 of every member address, sorted: what a decision sends back (clusterDecisionSchema). */
  membersHash: z.string(),
});
export type SybilCluster = z.infer<typeof clusterSchema>;

export const pageQuerySchema = z.object({
  cursor: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  minScore: z.coerce.number().int().min(0).max(100).optional(),
  status: z.enum(["open", "confirmed", "dismissed"]).optional(),
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{1,40}$/, "Invalid format")
    .transform((s) => s.toLowerCase())
    .optional(),
});
