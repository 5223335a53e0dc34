import { z } from "zod";
import { RECURRENCES, TASK_TYPES } from "@/features/tasks/server";

/** Shared by the public verification routes and their OpenAPI description (docs/integrations.md). */
export const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "Invalid address");
export const taskIdParam = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "Unknown task id");

export const publicTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(TASK_TYPES),
  points: z.number().int(),
  repeat: z.enum(RECURRENCES),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export const publicTasksResponse = z.object({ tasks: z.array(publicTaskSchema) });

/** Galxe's REST credential reads `result` (0/1); Layer3 and TaskOn read `completed`. */
export const completionResponse = z.object({
  address: z.string(),
  taskId: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  result: z.union([z.literal(0), z.literal(1)]),
  /** Excluded by the campaign's integrity review: never counted as completed (`result` 0). */
  excluded: z.boolean(),
});

/** The body Zealy sends to an API quest's endpoint. */
export const zealyRequest = z.object({
  userId: z.string().max(200),
  communityId: z.string().max(200),
  subdomain: z.string().max(200),
  questId: z.string().max(200),
  requestId: z.string().max(200),
  accounts: z
    .object({
      wallet: z.string().max(200).optional(),
      "zealy-connect": z.string().max(200).optional(),
    })
    .catchall(z.unknown())
    .default({}),
});
export const zealyResponse = z.object({ message: z.string() });

export const pointsImportResponse = z.object({
  rows: z.number().int(),
  credited: z.number().int(),
  duplicates: z.number().int(),
  /** Well-formed rows of excluded participants, skipped (not errors, not duplicates). */
  excluded: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});

import { WEBHOOK_EVENT_TYPES } from "@/server/webhook-outbox";

export const endpointInput = z.object({
  // Stored as the parser spells it (scheme and host lower-cased, default port dropped): the
  // database's check (`^https?://`) is case-sensitive, so `HTTPS://…` was a 500.
  url: z
    .url({ protocol: /^https?$/, message: "Enter an http(s) URL" })
    .max(2000)
    .transform((u) => new URL(u).href),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length).default([]),
});

const endpointView = z.object({
  id: z.string(),
  // Lists and the audit log carry scheme and host only (redactedUrl: a path may hold the receiver's
  // token); the creation's answer carries the whole URL as stored, once, like the secret.
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  source: z.enum(["console", "env"]),
  createdAt: z.string(),
  secretHint: z.string(),
});
export const endpointListResponse = z.object({ endpoints: z.array(endpointView) });
export const createdEndpointResponse = z.object({ endpoint: endpointView.extend({ secret: z.string() }) });

export const deliveryListResponse = z.object({
  deliveries: z.array(
    z.object({
      eventId: z.string(),
      type: z.string(),
      status: z.enum(["pending", "delivered", "failed"]),
      attempts: z.number().int(),
      nextAttemptAt: z.string(),
      lastStatus: z.number().int().nullable(),
      lastResponse: z.string().nullable(),
      lastError: z.string().nullable(),
      deliveredAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
