import type { PublicTaskParams, TaskType } from "./definitions";

// Wire shapes of the tasks API (client-safe).

export type TaskStatus = "todo" | "in_progress" | "done" | "upcoming" | "ended";

export type TaskView = {
  id: string;
  title: string;
  description: string;
  type: TaskType;
  params: PublicTaskParams;
  points: number;
  repeat: "once" | "daily";
  startsAt: string | null;
  endsAt: string | null;
  status: TaskStatus;
  progress: { current: number; total: number } | null;
  /** Points this task has credited to the user (all days, for a daily task). */
  pointsEarned: number;
  /** Daily tasks: the UTC day the next check-in opens (ISO), when done today. */
  nextAt: string | null;
};

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
