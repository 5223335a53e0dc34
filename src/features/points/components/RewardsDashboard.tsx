"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useLocale } from "@/lib/locale";
import { usePageData } from "@/lib/page-data-block";
import { Button, Card, EmptyState, ScrollRegion, Skeleton } from "@/ui";
import { formatPoints, rankLabel } from "../format";
import { historyQueryOptions, leaderboardQueryOptions, pointsQueryOptions } from "../queries";
import type { Leaderboard, RewardsData } from "../schema";
import { LeaderboardTable } from "./LeaderboardTable";
import { PointsChart } from "./PointsChart";

/**
 * `initial`: the page's own server read (a normal render). `fromDocument`: the signed-in shell
 * (docs/ARCHITECTURE.md, "Rendering and CSP"): the same read arrives in the document's page-data
 * block, read after hydration (src/lib/page-data-block.ts).
 */
export type RewardsDashboardProps = { initial: RewardsData } | { fromDocument: true };

const SOURCE_LABEL = { task: "Task", referral: "Referral", adjustment: "Adjustment" } as const;

/**
 * "Your position" without neighbours: an excluded participant has no rank at all (the standing
 * notice above says why); a participant without points is not ranked yet.
 */
function positionText(me: Leaderboard["me"]): string {
  if (me.rank === null) return "You are not ranked: this address is excluded from the campaign's rewards.";
  if (BigInt(me.points) > 0n) return `You are #${me.rank}. Earn points to appear on the leaderboard.`;
  return "You are not ranked yet. Earn points to appear on the leaderboard.";
}

/** `/rewards`: balance, tier progress, chart, history and leaderboard, all refreshed after credits. */
export function RewardsDashboard(props: RewardsDashboardProps) {
  const fromDocument = "fromDocument" in props;
  const seed = usePageData<RewardsData>("/rewards", fromDocument);
  if (!fromDocument) return <Dashboard initial={props.initial} />;
  // The shell's HTML and its hydration: skeletons. The queries start only with the data, so it is
  // their initial data and nothing is fetched.
  if (seed === undefined) return <DashboardSkeleton />;
  return <Dashboard initial={seed?.data} updatedAt={seed?.at} />;
}

function Dashboard({ initial, updatedAt }: { initial?: RewardsData; updatedAt?: number }) {
  const summary = useQuery({
    ...pointsQueryOptions(),
    initialData: initial?.points,
    initialDataUpdatedAt: updatedAt,
  });
  const board = useQuery({
    ...leaderboardQueryOptions(),
    initialData: initial?.board,
    initialDataUpdatedAt: updatedAt,
  });
  const history = useInfiniteQuery({
    ...historyQueryOptions(),
    initialData: initial ? { pages: [initial.history], pageParams: [null] } : undefined,
    initialDataUpdatedAt: updatedAt,
  });
  const locale = useLocale();
  const points = summary.data;
  if (!points || !board.data || !history.data) {
    if (summary.isError || board.isError || history.isError)
      return (
        <EmptyState
          title="Your rewards could not be loaded"
          description="The server did not answer. Reload the page in a moment."
        />
      );
    return <DashboardSkeleton />;
  }
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const tier = points.tier;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card title="Balance">
        <p className="tabular text-4xl font-semibold text-gold" data-testid="rewards-balance">
          {formatPoints(points.balance, locale)}
          <span className="ml-2 text-base font-normal text-muted">points</span>
        </p>
        <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-muted">Tier</dt>
            <dd className="mt-1 text-lg font-semibold text-text" data-testid="rewards-tier">
              {tier.name}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Rank</dt>
            <dd className="tabular mt-1 text-lg font-semibold text-text" data-testid="rewards-rank">
              {rankLabel(points.balance, points.rank)}
              {points.rank !== null && BigInt(points.balance) > 0n ? (
                <span className="ml-1 text-sm font-normal text-muted">
                  of {Math.max(points.rankedUsers, points.rank)}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        <div className="mt-5">
          <div
            className="h-2 overflow-hidden rounded-full bg-raised"
            role="progressbar"
            aria-label="Progress to the next tier"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(tier.progress * 100)}
          >
            <div className="h-full bg-gold" style={{ width: `${tier.progress * 100}%` }} />
          </div>
          <p className="mt-2 text-sm text-muted">
            {tier.next
              ? `${formatPoints(tier.toNext, locale)} points to ${tier.next.name} (${formatPoints(tier.next.min, locale)})`
              : "Top tier reached."}
          </p>
        </div>
      </Card>

      <Card title="Points over time">
        <PointsChart series={points.series} />
      </Card>

      <Card title="History" aside={<span className="text-xs text-muted">newest first</span>}>
        {entries.length === 0 ? (
          <EmptyState
            title="No points yet"
            description="Complete a task on the Tasks page to earn your first points."
          />
        ) : (
          <ul className="divide-y divide-border/60" data-testid="rewards-history">
            {entries.map((e) => (
              <li key={e.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-sm text-text">{e.reason}</p>
                  <p className="text-xs text-muted">
                    {SOURCE_LABEL[e.source]} · {e.createdAt.slice(0, 16).replace("T", " ")} UTC
                  </p>
                </div>
                <span
                  className={`tabular shrink-0 text-sm font-semibold ${Number(e.points) < 0 ? "text-danger" : "text-success"}`}
                >
                  {Number(e.points) > 0 ? "+" : ""}
                  {formatPoints(e.points, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {history.hasNextPage ? (
          <Button
            variant="secondary"
            size="sm"
            className="mt-4"
            onClick={() => history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {history.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        ) : null}
      </Card>

      <Card title="Your position">
        {board.data.neighbours.length > 0 ? (
          <LeaderboardTable rows={board.data.neighbours} testId="leaderboard-neighbours" />
        ) : (
          <p className="text-sm text-muted">{positionText(board.data.me)}</p>
        )}
      </Card>

      <Card title="Leaderboard · top 100" className="lg:col-span-2">
        {board.data.top.length === 0 ? (
          <p className="text-sm text-muted">Nobody has points yet: be the first.</p>
        ) : (
          <ScrollRegion
            label="Leaderboard, top 100"
            className="max-h-[32rem] overflow-y-auto"
            data-testid="leaderboard-scroll"
          >
            <LeaderboardTable rows={board.data.top} testId="leaderboard-top" />
          </ScrollRegion>
        )}
      </Card>
    </div>
  );
}

/** The dashboard's boxes at their loaded size, for the shell's HTML. */
function DashboardSkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
      data-testid="rewards-skeleton"
    >
      <Card title="Balance">
        <Skeleton className="h-10 w-40" label="Loading your balance" />
        <div className="mt-5 grid grid-cols-2 gap-4">
          <Skeleton className="h-12 w-24" label="Loading your tier" />
          <Skeleton className="h-12 w-24" label="Loading your rank" />
        </div>
        <Skeleton className="mt-5 h-2 w-full" />
        <Skeleton className="mt-2 h-5 w-3/4" />
      </Card>
      <Card title="Points over time">
        <Skeleton className="h-48 w-full" label="Loading your chart" />
      </Card>
      <Card title="History" aside={<span className="text-xs text-muted">newest first</span>}>
        <Skeleton className="h-32 w-full" label="Loading your history" />
      </Card>
      <Card title="Your position">
        <Skeleton className="h-10 w-full" label="Loading your position" />
      </Card>
      <Card title="Leaderboard · top 100" className="lg:col-span-2">
        <Skeleton className="h-40 w-full" label="Loading the leaderboard" />
      </Card>
    </div>
  );
}
