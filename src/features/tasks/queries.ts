import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { pointsKeys } from "@/features/points";
import { apiFetch } from "@/lib/api-client";
import type { TasksList, VerifyResult } from "./schema";

export const tasksKeys = { all: ["tasks"] as const, list: () => ["tasks", "list"] as const };

export const fetchTasks = async (signal?: AbortSignal): Promise<TasksList> =>
  apiFetch("/api/tasks", { signal });

export async function postVerify(id: string, answers?: Record<string, number>): Promise<VerifyResult> {
  return apiFetch(`/api/tasks/${encodeURIComponent(id)}/verify`, {
    method: "POST",
    body: answers ? { answers } : {},
  });
}

export function tasksQueryOptions() {
  return queryOptions({
    queryKey: tasksKeys.list(),
    queryFn: ({ signal }) => fetchTasks(signal),
    refetchOnWindowFocus: true,
  });
}

/** After a credit: everything that shows points (balance, rank, leaderboard, friends' bonus) refetches. */
export function invalidateAfterCredit(qc: QueryClient): Promise<void> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: tasksKeys.all }),
    qc.invalidateQueries({ queryKey: pointsKeys.all }),
    qc.invalidateQueries({ queryKey: pointsKeys.leaderboard() }),
    qc.invalidateQueries({ queryKey: ["referrals"] }),
  ]).then(() => undefined);
}
