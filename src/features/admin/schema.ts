import { z } from "zod";
import { articleSlugSchema, articleTagSchema, coverSchema } from "@/features/news/server";
import { RECURRENCES, recurrenceError, TASK_TYPES } from "@/features/tasks/server";
import { renderMarkdown } from "@/lib/content/markdown";
import { blockedImageMessage, imagesBlockedByPolicy } from "@/lib/csp";
import { isoDateTime, isoDayOrDateTime } from "@/lib/iso-date";

// Wire schemas of the admin API (/api/admin/*), shared by the console screens and the route
// handlers; docs/api.md documents them.

export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const addressParam = z.object({
  address: z.string().regex(ADDRESS, "an address 0x followed by 40 hex digits"),
});

/**
 * `from`/`to` as ISO dates (UTC, years 1970..9998); defaults: the last 30 days, ending at the next
 * UTC midnight (so today, whole, is in the range). At most 366 days.
 */
export const rangeQuery = z
  .object({ from: isoDayOrDateTime.optional(), to: isoDayOrDateTime.optional() })
  .transform((q, ctx) => {
    const to = q.to ? endOf(q.to) : nextMidnight();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * 86_400_000);
    if (!(from < to)) ctx.addIssue({ code: "custom", path: ["from"], message: "from must be before to" });
    if (to.getTime() - from.getTime() > 366 * 86_400_000)
      ctx.addIssue({ code: "custom", path: ["from"], message: "the range is at most 366 days" });
    return { from, to };
  });

/** The start of tomorrow (UTC): the exclusive end of a range that includes all of today. */
function nextMidnight(): Date {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
}
/** A bare date `to` includes that whole day. */
function endOf(s: string): Date {
  const d = new Date(s);
  return s.length === 10 ? new Date(d.getTime() + 86_400_000) : d;
}

const dayCount = z.object({ day: z.string(), count: z.number() });
export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  newParticipants: z.array(dayCount),
  signIns: z.array(dayCount),
  funnel: z.array(z.object({ step: z.string(), count: z.number().nullable() })),
  faucetOutflow: z.array(z.object({ day: z.string(), asset: z.string(), amount: z.string() })),
  /** The top 50 tasks by completions in the range. */
  completions: z.array(z.object({ taskId: z.string(), title: z.string(), count: z.number() })),
  /** Every task completion in the range (not only the top 50's). */
  completionsTotal: z.number(),
  openTickets: z.object({
    total: z.number(),
    underOneDay: z.number(),
    oneToSevenDays: z.number(),
    olderThanSevenDays: z.number(),
    oldestAt: z.string().nullable(),
  }),
});
export type Overview = z.infer<typeof overviewSchema>;

export const pointsAdjustSchema = z.object({
  points: z
    .number()
    .int()
    .refine((n) => n !== 0, "points must not be 0")
    .refine((n) => Math.abs(n) <= 1_000_000, "at most 1,000,000 points at a time"),
  reason: z.string().trim().min(3, "Give a reason (at least 3 characters)").max(200),
});

const CURSOR_MESSAGE = "not a cursor from a previous page; start again without it";
/**
 * The one way an admin list reads its `cursor`: the string a previous page's `nextCursor` gave,
 * decoded here, in the query schema, to a value its query can take. Anything else is a 400 naming
 * the cursor before any query runs: PostgreSQL's bigint, OFFSET, uuid and timestamptz, and
 * Date#toISOString, refused it with a 500. (The points and activity cursors, opaque, are decoded by
 * their services and answer a 400 too.)
 */
function cursorParam<T>(pattern: RegExp, decode: (raw: string) => T | undefined) {
  return z
    .string()
    .regex(pattern, CURSOR_MESSAGE)
    .transform((raw, ctx) => {
      const value = decode(raw);
      if (value !== undefined) return value;
      ctx.addIssue({ code: "custom", message: CURSOR_MESSAGE });
      return z.NEVER;
    })
    .optional();
}
/** A whole-number cursor (an audit id) that a JS number holds exactly. */
const numberCursor = cursorParam(/^\d{1,16}$/, (raw) => {
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : undefined;
});

/**
 * A keyset cursor `<ISO instant>|<uuid>` (a row's created_at and id), the instant a real date in
 * range. `instant` is the text as given: a Date keeps milliseconds, PostgreSQL's timestamptz keeps
 * microseconds, and a cursor that lost them would skip the rows between.
 */
export const instantIdCursor = cursorParam(
  /^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  (raw) => {
    const [at = "", id = ""] = raw.split("|");
    return isoDateTime.safeParse(at).success ? { at: new Date(at), instant: at, id } : undefined;
  },
);

export const participantsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  /** The previous page's last row, `<created_at>|<id>` (keyset: a sign-up between pages shifts nothing). */
  cursor: instantIdCursor,
});

export const ticketsQuery = z.object({
  status: z.enum(["open", "answered", "closed"]).optional(),
  category: z.enum(["wallet", "faucet", "swap", "stake", "points", "other"]).optional(),
  age: z.enum(["1d", "7d", "older"]).optional(),
  /** The previous page's last ticket, `<updated_at>|<id>` (keyset on the newest activity). */
  cursor: instantIdCursor,
});
export const ticketPatchSchema = z
  .object({
    status: z.enum(["open", "answered", "closed"]).optional(),
    assignee: z.enum(["me", "nobody"]).optional(),
  })
  .strict()
  .refine((b) => b.status || b.assignee, "give a status or an assignee");

/**
 * The `updatedAt` the console's form was opened with (its list's answer). A save whose row has
 * been saved since answers 409 `EDIT_CONFLICT` and writes nothing; without it the last save wins
 * (docs/api.md, "Edit conflicts").
 */
const baseUpdatedAt = isoDateTime
  .optional()
  .describe("the updatedAt the edit started from; a later save by someone else answers 409 EDIT_CONFLICT");

const taskFields = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "lower-case letters, digits and dashes"),
  title: z.string().trim().min(1).max(80),
  description: z.string().trim().min(1).max(400),
  type: z.enum(TASK_TYPES),
  params: z.record(z.string(), z.unknown()).default({}),
  points: z.number().int().min(1).max(1_000_000),
  repeat: z.enum(RECURRENCES),
  hint: z.string().trim().max(300).nullable().optional(),
  startsAt: isoDateTime.nullable().optional(),
  endsAt: isoDateTime.nullable().optional(),
  sortOrder: z.number().int().min(-1000).max(1000).default(0),
});
/** Types whose completion cannot be counted per period repeat only `once` (tasks `TASK_TYPE_REPEATS`). */
function repeatAllowed(
  t: Partial<Pick<z.infer<typeof taskFields>, "type" | "repeat">>,
  ctx: z.RefinementCtx,
) {
  const message = t.type && t.repeat ? recurrenceError(t.type, t.repeat) : null;
  if (message) ctx.addIssue({ code: "custom", path: ["repeat"], message });
}
export const taskBodySchema = taskFields.superRefine(repeatAllowed);
// No defaults in a patch: a field left out keeps its value (a default would reset params/sortOrder).
// A patch naming only one of type and repeat is checked against the stored task by the service.
export const taskPatchSchema = taskFields
  .omit({ id: true })
  .partial()
  .extend({
    params: z.record(z.string(), z.unknown()).optional(),
    sortOrder: z.number().int().min(-1000).max(1000).optional(),
    baseUpdatedAt,
  })
  .superRefine(repeatAllowed);

/**
 * Markdown whose images the pages can show: the renderer would emit an `<img>` for a remote URL
 * that the CSP then blocks without a trace, so the console refuses it with the reason.
 */
const shownMarkdown = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .superRefine((markdown, ctx) => {
      const [blocked] = imagesBlockedByPolicy(renderMarkdown(markdown));
      if (blocked !== undefined) ctx.addIssue({ code: "custom", message: blockedImageMessage(blocked) });
    });

// Slug, tags and cover follow the public side's rules (news/schema.ts): a console article must be
// reachable at its URL, filterable by each of its tags and able to show its cover under the CSP.
export const newsBodySchema = z.object({
  slug: articleSlugSchema,
  title: z.string().trim().min(1).max(160),
  summary: z.string().trim().min(1).max(400),
  bodyMarkdown: shownMarkdown(100_000),
  tags: z.array(articleTagSchema).max(10).default([]),
  coverImage: coverSchema.nullable().optional(),
  coverAlt: z.string().max(200).nullable().optional(),
  publishedAt: isoDateTime,
  published: z.boolean().default(true),
});
export const newsPatchSchema = newsBodySchema.omit({ slug: true }).partial().extend({
  tags: newsBodySchema.shape.tags.removeDefault().optional(),
  published: z.boolean().optional(),
  baseUpdatedAt,
});

export const staffGrantSchema = z.object({
  address: z.string().regex(ADDRESS),
  role: z.enum(["admin", "moderator"]),
});

/** A client-chosen key that makes a write happen once however often it is sent. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores");

export const auditQuery = z.object({
  /** The last audit id of the previous page. */
  cursor: numberCursor,
});

export const faqBodySchema = z.object({
  sectionTitle: z.string().trim().min(1).max(80),
  question: z.string().trim().min(3).max(200),
  answerMarkdown: shownMarkdown(20_000),
  published: z.boolean().default(true),
});
export const faqPatchSchema = faqBodySchema
  .partial()
  .extend({ published: z.boolean().optional(), move: z.enum(["up", "down"]).optional(), baseUpdatedAt });
