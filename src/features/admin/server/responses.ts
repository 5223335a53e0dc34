import { z } from "zod";
import { replyResponse, ticketResponse } from "@/features/support/server";
import { TASK_TYPES } from "@/features/tasks/server";
import { newsBodySchema, taskBodySchema } from "../schema";

const ticketSchema = ticketResponse.shape.ticket;
const ticketMessageSchema = replyResponse.shape.message;

// Answers of the admin API (/api/admin/*) and of POST /api/events: the route layer puts them in
// the OpenAPI document, the contract test (src/server/openapi.int.test.ts) validates real answers
// against that document, and the server functions are typed with them, so the three cannot drift.

const iso = z.string().describe("ISO 8601 UTC");
/** A participant's primary name (`alice.aurum`, issue 16), null when they have none. */
const name = z.string().nullable();

export const auditResponse = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      actor: z.string(),
      /** The actor's primary name, when they registered one. */
      actorName: name,
      action: z.string(),
      target: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      createdAt: iso,
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditResponse>;

export const faqListResponse = z.object({
  entries: z.array(
    z.object({
      slug: z.string(),
      sectionTitle: z.string(),
      position: z.number().int(),
      question: z.string(),
      answerMarkdown: z.string(),
      published: z.boolean(),
      /** What a save sends back as `baseUpdatedAt` (docs/api.md, "Edit conflicts"). */
      updatedAt: iso,
    }),
  ),
});
export const faqSavedResponse = z.object({ slug: z.string() });

const amount = z.object({ asset: z.string(), amount: z.string().describe("decimal, in whole units") });
export const faucetResponse = z.object({
  /** null when the chain cannot be read right now (the screen says so). */
  balances: z.array(amount).nullable(),
  drips: z.array(amount),
  cooldownSeconds: z.number().int(),
  queue: z.array(z.object({ status: z.string(), count: z.number().int(), oldestAt: iso.nullable() })),
  recent: z.array(
    z.object({
      id: z.string(),
      address: z.string(),
      name,
      status: z.string(),
      createdAt: iso,
      payments: z.array(amount),
    }),
  ),
});
export type FaucetView = z.infer<typeof faucetResponse>;

export const mediaResponse = z.object({ url: z.string() });

export const newsListResponse = z.object({
  articles: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      summary: z.string(),
      tags: z.array(z.string()),
      coverImage: z.string().nullable(),
      coverAlt: z.string().nullable(),
      bodyMarkdown: z.string(),
      publishedAt: iso,
      published: z.boolean(),
      updatedAt: iso,
    }),
  ),
  /** How many articles there are in all: the list holds the newest 500. */
  total: z.number().int().nonnegative(),
});
export const newsSavedResponse = newsBodySchema.pick({ slug: true });

export const participantsResponse = z.object({
  participants: z.array(
    z.object({
      address: z.string(),
      referralCode: z.string(),
      name,
      points: z.number().int(),
      /** The first sign-in; null for an address the points import added that has not signed in. */
      joinedAt: iso.nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type ParticipantsPage = z.infer<typeof participantsResponse>;

export const participantProfileResponse = z.object({
  address: z.string(),
  name,
  referralCode: z.string(),
  referrer: z.string().nullable(),
  referrerName: name,
  joinedAt: iso.nullable(),
  points: z.number().int(),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      points: z.number().int(),
      reason: z.string(),
      source: z.string(),
      taskId: z.string().nullable(),
      createdAt: iso,
    }),
  ),
  tasks: z.array(z.object({ taskId: z.string(), completions: z.number().int(), lastAt: iso })),
  faucetClaims: z.array(z.object({ id: z.string(), status: z.string(), createdAt: iso })),
  referrals: z.array(z.object({ address: z.string(), name, joinedAt: iso })),
  sessions: z.array(z.object({ createdAt: iso, expiresAt: iso })),
});
export type ParticipantProfileView = z.infer<typeof participantProfileResponse>;

export const pointsAdjustResponse = z.object({
  credited: z.boolean(),
  /** The balance after the adjustment; null when this answers a retried request. */
  points: z.number().int().nullable(),
});

export const settingsResponse = z.object({
  settings: z.array(z.object({ key: z.string(), value: z.unknown(), updatedBy: z.string(), updatedAt: iso })),
});

export const staffResponse = z.object({
  staff: z.array(
    z.object({
      address: z.string(),
      name,
      role: z.enum(["admin", "moderator"]),
      source: z.enum(["environment", "console"]),
      grantedBy: z.string().nullable(),
      grantedAt: iso.nullable(),
    }),
  ),
});
export type StaffList = z.infer<typeof staffResponse>;
export const revokedResponse = z.object({ revoked: z.literal(true) });

export const inboxResponse = z.object({
  tickets: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      category: ticketSchema.shape.category,
      status: ticketSchema.shape.status,
      /** null for a ticket opened signed out (issue 18): the email is all there is. */
      address: z.string().nullable(),
      email: z.string(),
      name,
      assignee: z.string().nullable(),
      assigneeName: name,
      messages: z.number().int(),
      createdAt: iso,
      updatedAt: iso,
    }),
  ),
  /** The `cursor` of the next (older activity) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxResponse>;

export const ticketThreadResponse = z.object({
  ticket: ticketSchema,
  /** null for a ticket opened signed out: see `ticket.email`. */
  address: z.string().nullable(),
  name,
  assignee: z.string().nullable(),
  assigneeName: name,
});
export type TicketThreadView = z.infer<typeof ticketThreadResponse>;

export const staffReplyResponse = z.object({
  ticket: ticketSchema,
  message: ticketMessageSchema,
  /** false when an Idempotency-Key replayed an earlier reply. */
  created: z.boolean(),
});

const adminTask = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(TASK_TYPES),
  params: z.record(z.string(), z.unknown()),
  points: z.number().int(),
  repeat: taskBodySchema.shape.repeat,
  hint: z.string().nullable(),
  startsAt: iso.nullable(),
  endsAt: iso.nullable(),
  sortOrder: z.number().int(),
  /** What a save sends back as `baseUpdatedAt` (docs/api.md, "Edit conflicts"). */
  updatedAt: iso,
});
export const adminTasksResponse = z.object({
  tasks: z.array(
    adminTask.extend({
      editedInConsole: z.boolean(),
      completions: z.number().int(),
      participants: z.number().int(),
    }),
  ),
});
export type AdminTasks = z.infer<typeof adminTasksResponse>;
export const adminTaskResponse = adminTask;
export type AdminTaskSaved = z.infer<typeof adminTaskResponse>;

export const eventsResponse = z.object({ stored: z.number().int().min(0).max(25) });
