import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { pointsKeys, readApi } from "@/features/points";
import type { TasksList, VerifyResult } from "./schema";

export const tasksKeys = { all: ["tasks"] as const, list: () => ["tasks", "list"] as const };

export const fetchTasks = async (signal?: AbortSignal): Promise<TasksList> =>
  readApi(await fetch("/api/tasks", { signal, cache: "no-store" }));

export async function postVerify(id: string, answers?: Record<string, number>): Promise<VerifyResult> {
  return readApi(
    await fetch(`/api/tasks/${encodeURIComponent(id)}/verify`, {
      method: "POST",
      cache: "no-store",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(answers ? { answers } : {}),
    }),
  );
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
