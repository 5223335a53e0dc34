"use client";

import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatPoints, type PointsSummary, pointsQueryOptions, rankLabel } from "@/features/points";
import { usePageData } from "@/lib/page-data-block";
import { EmptyState, PageLink, Skeleton } from "@/ui";
import { useWindowRefresh } from "../hooks/use-window-refresh";
import { tasksQueryOptions } from "../queries";
import type { TaskPreview, TasksList, TasksPageData } from "../schema";
import { TaskCard } from "./TaskCard";

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

type KeyedOptions<T> = UseQueryOptions<T, Error, T, readonly string[]> & { queryKey: readonly string[] };

/** Observed while the shell waits for its page-data block; never fetched (disabled). */
const PENDING_KEY = {
  tasks: ["tasks", "list", "pending-page-data"],
  points: ["points", "summary", "pending-page-data"],
} as const;

/** Without a catalogue (a failed hand-over, queries loading): about a first screen of cards. */
const SKELETON_CARDS = 6;

/**
 * `/task`: the user's points at a glance and every task with its state.
 *
 * One tree for the shell's skeletons and the loaded board: the cards, their titles and texts are
 * the same elements before and after the user's data arrives, only the per-user parts change in
 * place. Swapping a skeleton board for the loaded one removed the painted LCP text at hydration and
 * the page's LCP became a new paint after all the JavaScript (docs/ARCHITECTURE.md, "Main-thread work").
 */
export function TasksBoard(props: TasksBoardProps) {
  const fromDocument = "fromDocument" in props;
  const seed = usePageData<TasksPageData>("/task", fromDocument);
  // The shell's HTML and its hydration have no data yet. Until it is there the observers watch a
  // disabled placeholder key, so the real queries are created only with the data: it is their
  // initial data and nothing is fetched. (Not `useQueries`: it grew TanStack's chunk that every
  // page shares, and took /swap over its 250 KB budget.)
  const ready = !fromDocument || seed !== undefined;
  const initial = fromDocument ? seed?.data : props.initial;
  const updatedAt = fromDocument ? seed?.at : undefined;
  // Typed with a plain string key: the options are the same, only the key may be the placeholder.
  const tasksOptions = tasksQueryOptions() as unknown as KeyedOptions<TasksList>;
  const pointsOptions = pointsQueryOptions() as unknown as KeyedOptions<PointsSummary>;
  const tasksQuery = useQuery({
    ...tasksOptions,
    queryKey: ready ? tasksOptions.queryKey : PENDING_KEY.tasks,
    enabled: ready,
    initialData: ready ? initial?.tasks : undefined,
    initialDataUpdatedAt: updatedAt,
  });
  const pointsQuery = useQuery({
    ...pointsOptions,
    queryKey: ready ? pointsOptions.queryKey : PENDING_KEY.points,
    enabled: ready,
    initialData: ready ? initial?.points : undefined,
    initialDataUpdatedAt: updatedAt,
  });
  const tasks = ready ? tasksQuery : undefined;
  const points = ready ? pointsQuery : undefined;
  const list = tasks?.data && points?.data ? tasks.data.tasks : undefined;
  // A window ending (00:00 UTC), a task opening or ending changes the list with no request of the
  // user's: read it again at that instant.
  useWindowRefresh(list, tasksQuery.dataUpdatedAt);
  if (!list && (tasks?.isError || points?.isError))
    return (
      <EmptyState
        title="Your tasks could not be loaded"
        description="The server did not answer. Reload the page in a moment."
      />
    );
  const catalogue = "catalogue" in props ? props.catalogue : undefined;
  const done = list?.filter((t) => t.status === "done").length ?? 0;
  // Set exactly when `list` is (both reads are needed for the loaded board).
  const figures = list ? points?.data : undefined;
  return (
    <div className="flex flex-col gap-6" data-testid={list ? undefined : "tasks-skeleton"}>
      <Summary>
        <p className="text-sm text-muted">
          {/* The skeleton has the figure's line height (text-xl), so the bar keeps its height. */}
          Your points{" "}
          {figures ? (
            <span className="tabular ml-1 text-xl font-semibold text-gold" data-testid="points-balance">
              {formatPoints(figures.balance)}
            </span>
          ) : (
            <Skeleton className="ml-1 h-7 w-16 align-middle" label="Loading your points" />
          )}
        </p>
        <p className="text-sm text-muted">
          Tier{" "}
          {figures ? (
            <span className="font-medium text-text">{figures.tier.name}</span>
          ) : (
            <Skeleton className="h-4 w-12 align-middle" label="Loading your tier" />
          )}
        </p>
        <p className="text-sm text-muted">
          Rank{" "}
          {figures ? (
            <span className="tabular font-medium text-text">{rankLabel(figures.balance, figures.rank)}</span>
          ) : (
            <Skeleton className="h-4 w-10 align-middle" label="Loading your rank" />
          )}
        </p>
        <p className="text-sm text-muted">
          Done{" "}
          {list ? (
            <span className="tabular font-medium text-text">
              {done}/{list.length}
            </span>
          ) : (
            <Skeleton className="h-4 w-8 align-middle" label="Loading your progress" />
          )}
        </p>
      </Summary>
      <Cards list={list} catalogue={catalogue} />
    </div>
  );
}

/** The cards: the user's tasks once loaded, else the catalogue (or placeholders) with skeletons. */
function Cards({ list, catalogue }: { list?: TasksList["tasks"]; catalogue?: TaskPreview[] }) {
  if (list?.length === 0)
    return (
      <EmptyState
        title="No tasks yet"
        description="The campaign's tasks are not published yet. Claim test coins on the Testnet page meanwhile."
      />
    );
  if (!list && catalogue?.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {list
        ? list.map((t) => <TaskCard key={t.id} preview={t} task={t} />)
        : catalogue
          ? catalogue.map((t) => <TaskCard key={t.id} preview={t} />)
          : Array.from({ length: SKELETON_CARDS }, (_, i) => <TaskCard key={i} preview={null} />)}
    </div>
  );
}

/** The points bar; its height is the same with figures and with skeletons. */
function Summary({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-card border border-border bg-surface px-5 py-4">
      {children}
      <PageLink
        href="/rewards"
        className="ml-auto text-sm font-medium text-gold underline-offset-4 hover:underline"
      >
        Rewards and leaderboard →
      </PageLink>
    </div>
  );
}
