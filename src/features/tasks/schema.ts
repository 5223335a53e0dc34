import { z } from "zod";
import type { PointsSummary } from "@/features/points";
import {
  type PublicTaskParams,
  RECURRENCES,
  type Recurrence,
  TASK_TYPES,
  type TaskType,
  verifyBodySchema,
} from "./definitions";

// Wire shapes of the tasks API (client-safe).

export type TaskStatus = "todo" | "in_progress" | "done" | "upcoming" | "ended";

export type TaskView = {
  id: string;
  title: string;
  description: string;
  /** How to do it (the operator's text), or null for the card's default. */
  hint: string | null;
  type: TaskType;
  params: PublicTaskParams;
  points: number;
  repeat: Recurrence;
  startsAt: string | null;
  endsAt: string | null;
  status: TaskStatus;
  progress: { current: number; total: number } | null;
  /** Points this task has credited to the user (all days, for a daily task). */
  pointsEarned: number;
  /** Recurring tasks: when the current period ends and the task opens again (ISO); null for one-time tasks. */
  resetsAt: string | null;
  /** Recurring tasks done in this period: when they open again (ISO), else null. */
  nextAt: string | null;
};

/** What every user sees of a task: the signed-in shell's cards before the user's data is there. */
export type TaskPreview = Pick<
  TaskView,
  "id" | "title" | "description" | "hint" | "type" | "params" | "points" | "repeat"
>;

/** `GET /api/tasks` */
export type TasksList = { tasks: TaskView[] };

/** `POST /api/tasks/{id}/verify` */
export type VerifyResult = {
  verified: boolean;
  /** True when this request added the points (false when already credited, e.g. a race or retry). */
  credited: boolean;
  points: number;
  message: string;
  task: TaskView;
};

// Schemas of the tasks API (validation, the API reference and contract tests).

/** `POST /api/tasks/{id}/verify` body: optional (only quizzes send one); an empty body or `null` is `{}`. */
export const verifyRequestBody = z.preprocess((v) => v ?? {}, verifyBodySchema);

/** The `{id}` path segment: any text (an unknown task is a 404). */
export const taskIdParams = z.object({ id: z.string() });

export const taskViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  hint: z.string().nullable(),
  type: z.enum(TASK_TYPES),
  params: z.union([
    z.record(z.string(), z.union([z.string(), z.number()])),
    z.object({
      questions: z.array(z.object({ id: z.string(), question: z.string(), options: z.array(z.string()) })),
    }),
  ]),
  points: z.number(),
  repeat: z.enum(RECURRENCES),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  status: z.enum(["todo", "in_progress", "done", "upcoming", "ended"]),
  progress: z.object({ current: z.number(), total: z.number() }).nullable(),
  pointsEarned: z.number(),
  resetsAt: z.string().nullable(),
  nextAt: z.string().nullable(),
});

/** `GET /api/tasks` */
export const tasksListSchema = z.object({ tasks: z.array(taskViewSchema) });

/** `POST /api/tasks/{id}/verify` */
export const verifyResultSchema = z.object({
  verified: z.boolean(),
  credited: z.boolean(),
  points: z.number(),
  message: z.string(),
  task: taskViewSchema,
});

/** What /task shows of the user (the page's props, or its signed-in shell's page-data block). */
export type TasksPageData = { tasks: TasksList; points: PointsSummary };
