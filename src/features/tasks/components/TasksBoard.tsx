"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatPoints, type PointsSummary, pointsQueryOptions, rankLabel } from "@/features/points";
import { EmptyState, Skeleton } from "@/ui";
import { tasksQueryOptions } from "../queries";
import type { TasksList } from "../schema";
import { TaskCard } from "./TaskCard";

export type TasksBoardProps = { initialTasks: TasksList; initialPoints: PointsSummary };

/** `/task`: the user's points at a glance and every task with its state. */
export function TasksBoard({ initialTasks, initialPoints }: TasksBoardProps) {
  const tasks = useQuery({ ...tasksQueryOptions(), initialData: initialTasks });
  const points = useQuery({ ...pointsQueryOptions(), initialData: initialPoints });
  const list = tasks.data.tasks;
  const done = list.filter((t) => t.status === "done").length;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-card border border-border bg-surface px-5 py-4">
        <p className="text-sm text-muted">
          Your points{" "}
          <span className="tabular ml-1 text-xl font-semibold text-gold" data-testid="points-balance">
            {points.data ? formatPoints(points.data.balance) : <Skeleton className="h-5 w-16" />}
          </span>
        </p>
        <p className="text-sm text-muted">
          Tier <span className="font-medium text-text">{points.data.tier.name}</span>
        </p>
        <p className="text-sm text-muted">
          Rank{" "}
          <span className="tabular font-medium text-text">
            {rankLabel(points.data.balance, points.data.rank)}
          </span>
        </p>
        <p className="text-sm text-muted">
          Done{" "}
          <span className="tabular font-medium text-text">
            {done}/{list.length}
          </span>
        </p>
        <Link
          href="/rewards"
          className="ml-auto text-sm font-medium text-gold underline-offset-4 hover:underline"
        >
          Rewards and leaderboard →
        </Link>
      </div>
      {list.length === 0 ? (
        <EmptyState
          title="No tasks yet"
          description="The campaign's tasks are not published yet. Claim test coins on the Testnet page meanwhile."
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.map((t) => (
            <TaskCard key={t.id} task={t} />
          ))}
        </div>
      )}
    </div>
  );
}
