"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { formatPoints, pointsQueryOptions, rankLabel } from "@/features/points";
import { usePageData } from "@/lib/page-data-block";
import { EmptyState, Skeleton } from "@/ui";
import { tasksQueryOptions } from "../queries";
import type { TaskPreview, TasksPageData } from "../schema";
import { previewBody } from "./cards/registry";
import { TaskCard, TaskHeader } from "./TaskCard";

/**
 * `initial`: the page's own server read (a normal render). `fromDocument`: the signed-in shell
 * (docs/ARCHITECTURE.md, "Rendering and CSP"): the same read arrives in the document's page-data
 * block, read after hydration (src/lib/page-data-block.ts).
 */
export type TasksBoardProps =
  | { initial: TasksPageData }
  | {
      fromDocument: true;
      /** The tasks without the user's state: the shell shows them at once (they are the page's LCP). */
      catalogue: TaskPreview[];
    };

/** `/task`: the user's points at a glance and every task with its state. */
export function TasksBoard(props: TasksBoardProps) {
  const fromDocument = "fromDocument" in props;
  const seed = usePageData<TasksPageData>("/task", fromDocument);
  if (!fromDocument) return <Board initial={props.initial} />;
  // The shell's HTML and its hydration: skeletons. The queries start only with the data, so it is
  // their initial data and nothing is fetched.
  if (seed === undefined) return <BoardSkeleton catalogue={props.catalogue} />;
  return <Board initial={seed?.data} updatedAt={seed?.at} />;
}

function Board({ initial, updatedAt }: { initial?: TasksPageData; updatedAt?: number }) {
  const tasks = useQuery({
    ...tasksQueryOptions(),
    initialData: initial?.tasks,
    initialDataUpdatedAt: updatedAt,
  });
  const points = useQuery({
    ...pointsQueryOptions(),
    initialData: initial?.points,
    initialDataUpdatedAt: updatedAt,
  });
  if (!tasks.data || !points.data) {
    if (tasks.isError || points.isError)
      return (
        <EmptyState
          title="Your tasks could not be loaded"
          description="The server did not answer. Reload the page in a moment."
        />
      );
    return <BoardSkeleton />;
  }
  const list = tasks.data.tasks;
  const done = list.filter((t) => t.status === "done").length;
  return (
    <div className="flex flex-col gap-6">
      <Summary>
        <p className="text-sm text-muted">
          Your points{" "}
          <span className="tabular ml-1 text-xl font-semibold text-gold" data-testid="points-balance">
            {formatPoints(points.data.balance)}
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
      </Summary>
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

/** The points bar; its height is the same with figures and with skeletons. */
function Summary({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-card border border-border bg-surface px-5 py-4">
      {children}
      <Link
        href="/rewards"
        className="ml-auto text-sm font-medium text-gold underline-offset-4 hover:underline"
      >
        Rewards and leaderboard →
      </Link>
    </div>
  );
}

/** Without a catalogue (a failed hand-over, queries loading): about a first screen of cards. */
const SKELETON_CARDS = 6;

/**
 * The board before the user's data: the points bar with skeletons, and each task's card with what
 * every user sees (title, description, points, hint) and skeletons for the user's state.
 */
function BoardSkeleton({ catalogue }: { catalogue?: TaskPreview[] }) {
  return (
    <div className="flex flex-col gap-6" data-testid="tasks-skeleton">
      <Summary>
        <p className="text-sm text-muted">
          Your points <Skeleton className="ml-1 h-5 w-16 align-middle" label="Loading your points" />
        </p>
        <p className="text-sm text-muted">
          Tier <Skeleton className="h-4 w-12 align-middle" label="Loading your tier" />
        </p>
        <p className="text-sm text-muted">
          Rank <Skeleton className="h-4 w-10 align-middle" label="Loading your rank" />
        </p>
        <p className="text-sm text-muted">
          Done <Skeleton className="h-4 w-8 align-middle" label="Loading your progress" />
        </p>
      </Summary>
      {catalogue?.length === 0 ? null : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {catalogue
            ? catalogue.map((t) => <PreviewCard key={t.id} task={t} />)
            : Array.from({ length: SKELETON_CARDS }, (_, i) => <PreviewCard key={i} task={null} />)}
        </div>
      )}
    </div>
  );
}

function PreviewCard({ task }: { task: TaskPreview | null }) {
  return (
    <article className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5">
      {task ? (
        <TaskHeader task={task} />
      ) : (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-5 w-2/3" label="Loading a task" />
          <Skeleton className="h-4 w-full" />
        </div>
      )}
      <PreviewBody task={task} />
      <div className="mt-auto flex items-center justify-between gap-3">
        <Skeleton className="h-6 w-16" label="Loading your progress on this task" />
        <Skeleton className="h-8 w-20" />
      </div>
    </article>
  );
}

/** The card's body when it shows nothing of the user's state (the same component); else a skeleton. */
function PreviewBody({ task }: { task: TaskPreview | null }) {
  const Preview = task ? previewBody(task.type) : null;
  if (task && Preview) return <Preview task={task} />;
  return <Skeleton className="h-4 w-5/6" label="Loading this task's state" />;
}
