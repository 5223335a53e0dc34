import { z } from "zod";
import { messages } from "@/lib/validation-messages";
import { LIMITS, SUPPORT_CATEGORIES, type SupportCategory, TX_HASH_PATTERN } from "./rules";

// The constants live in the zod-free ./rules.ts (what the client forms check with).
export { LIMITS, SUPPORT_CATEGORIES, type SupportCategory } from "./rules";

// One schema per payload, used by the route handlers (the client forms check with ./rules.ts).

export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Tickets a user may open per hour, and replies per hour (staff are not limited). */
export const TICKET_RATE_LIMIT = { limit: 5, windowSeconds: 3600 } as const;
export const REPLY_RATE_LIMIT = { limit: 30, windowSeconds: 3600 } as const;

const requiredText = (min: number, max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .min(min, messages.min(min))
    .max(max, messages.max(max));

export const ticketCreateSchema = z.object({
  email: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(LIMITS.email, messages.max(LIMITS.email))
    .pipe(z.email(messages.email)),
  category: z.enum(SUPPORT_CATEGORIES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? messages.required : messages.format),
  }),
  subject: requiredText(LIMITS.subject.min, LIMITS.subject.max),
  message: requiredText(LIMITS.message.min, LIMITS.message.max),
  // Optional: empty means "no transaction"; otherwise 0x plus 64 hex digits.
  txHash: z
    .string({ error: messages.format })
    .trim()
    .refine((s) => s === "" || TX_HASH_PATTERN.test(s), messages.format)
    .nullish()
    .transform((s) => (s ? s.toLowerCase() : null)),
});
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;
export type TicketCreate = z.output<typeof ticketCreateSchema>;

export const replySchema = z.object({
  body: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(LIMITS.reply.max, messages.max(LIMITS.reply.max)),
});
export type ReplyInput = z.input<typeof replySchema>;

/** Client-generated, e.g. a UUID; letters, digits, dashes and underscores. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores");

export type TicketMessage = {
  id: string;
  author: "user" | "staff";
  body: string;
  createdAt: string;
};

export type Ticket = {
  id: string;
  email: string;
  category: SupportCategory;
  subject: string;
  txHash: string | null;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  /** Who opened it: the address and its registered name (issue 16), for the console and the thread. */
  from: { address: string; name: string | null } | null;
  messages: TicketMessage[];
};

// Answers of the support API (for the API reference and contract tests).

export const ticketMessageSchema = z.object({
  id: z.string(),
  author: z.enum(["user", "staff"]),
  body: z.string(),
  createdAt: z.string(),
});

export const ticketSchema = z.object({
  id: z.string(),
  email: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  subject: z.string(),
  txHash: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  from: z.object({ address: z.string(), name: z.string().nullable() }).nullable(),
  messages: z.array(ticketMessageSchema),
});

/** `GET /api/support/tickets` */
export const ticketListResponse = z.object({ tickets: z.array(ticketSchema) });
/** `POST /api/support/tickets` (201, or 200 for a repeated Idempotency-Key) and `GET /api/support/tickets/{id}` */
export const ticketResponse = z.object({ ticket: ticketSchema });
/** `POST /api/support/tickets/{id}/messages` */
export const replyResponse = z.object({ ticket: ticketSchema, message: ticketMessageSchema });
/** The `{id}` path segment: any text (a malformed id is a 404, like an unknown one). */
export const ticketParams = z.object({ id: z.string() });

// Support without a wallet (issue 18): tickets opened signed out from /connect.

/** Signed-out tickets per client: the route layer counts every submission by IP and by subnet. */
export const PUBLIC_TICKET_RATE_LIMIT = {
  ip: { limit: 5, windowSeconds: 3600 },
  subnet: { limit: 20, windowSeconds: 3600 },
} as const;
/** Replies and reads through a private link, per IP. */
export const PUBLIC_REPLY_RATE_LIMIT = { limit: 30, windowSeconds: 3600 } as const;
export const PUBLIC_READ_RATE_LIMIT = { limit: 120, windowSeconds: 60 } as const;
/** Body bytes: the longest valid ticket (5 000 characters of up to 4 bytes each) plus the other fields. */
export const PUBLIC_TICKET_BODY_LIMIT = 24 * 1024;

/**
 * A signed-out ticket has no user to scope the key, so the key must be hard to guess: 32 to 100
 * characters (a UUID, or 32 hex digits where randomUUID is missing).
 */
export const publicIdempotencyKeySchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]{32,100}$/,
    "Idempotency-Key must be 32 to 100 letters, digits, dashes or underscores (for example a UUID)",
  );

/** `POST /api/support/public-tickets` (201, or 200 for a repeated Idempotency-Key) */
export const publicTicketResponse = z.object({
  ticket: ticketSchema,
  /** The private page of the thread, e.g. `/connect/ticket/<token>`: whoever has it can read and reply. */
  link: z.string(),
});
/**
 * The `{token}` path segment. No shape or length rule here: a malformed token must be a 404 like an
 * unknown one (a 400 would let tokens be probed by shape), and the lookup refuses every token that
 * is not `TOKEN_PATTERN` before any query. Node's header limit (16 KiB, request line included)
 * already bounds its length.
 */
export const publicTicketParams = z.object({ token: z.string() });
