import { z } from "zod";
import { RECURRENCES, recurrenceError, TASK_TYPES, type TaskType, taskParamsSchemas } from "./definitions";

// content/tasks.yaml: a list of tasks; each one's params are checked against its type's schema.

// Every time of a task is UTC (daily resets at 00:00 UTC, "opens on … UTC"): a start or end must
// say its offset. JavaScript reads a date and time without one in the server's time zone, so the
// same file would open a task at different instants on different servers.
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;
const DATE_MESSAGE = "an ISO 8601 date and time with Z or an offset (±hh:mm), such as 2026-01-31T00:00:00Z";

const isoDate = z.union([z.string(), z.date()]).transform((v, ctx) => {
  if (typeof v === "string" && !ISO_WITH_OFFSET.test(v.trim())) {
    ctx.addIssue({ code: "custom", message: `${DATE_MESSAGE}; got "${v.slice(0, 40)}"` });
    return z.NEVER;
  }
  const d = v instanceof Date ? v : new Date(v.trim());
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: "custom", message: DATE_MESSAGE });
    return z.NEVER;
  }
  return d;
});

export const taskEntrySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "lower-case letters, digits and dashes"),
    title: z.string().min(1).max(80),
    description: z.string().min(1).max(400),
    type: z.enum(TASK_TYPES),
    params: z.record(z.string(), z.unknown()).default({}),
    points: z.number().int().min(1).max(1_000_000),
    repeat: z.enum(RECURRENCES).default("once"),
    /** How to do it with one faucet drip (issue 18): shown on the participant's card. */
    hint: z.string().min(1).max(300).optional(),
    start: isoDate.optional(),
    end: isoDate.optional(),
    order: z.number().int().default(0),
  })
  .strict()
  .superRefine((t, ctx) => {
    const parsed = taskParamsSchemas[t.type as TaskType].safeParse(t.params);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: "custom", path: ["params", ...issue.path.map(String)], message: issue.message });
      }
    }
    const repeat = recurrenceError(t.type, t.repeat);
    if (repeat) ctx.addIssue({ code: "custom", path: ["repeat"], message: repeat });
    if (t.start && t.end && t.end <= t.start)
      ctx.addIssue({ code: "custom", path: ["end"], message: "must be after start" });
  });

export const tasksFileSchema = z.array(taskEntrySchema).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((t, i) => {
    if (seen.has(t.id))
      ctx.addIssue({ code: "custom", path: [i, "id"], message: `duplicate task id ${t.id}` });
    seen.add(t.id);
  });
});

export type TaskEntry = z.infer<typeof taskEntrySchema>;
