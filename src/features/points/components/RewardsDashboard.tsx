"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useLocale } from "@/lib/locale";
import { Button, Card, EmptyState, ScrollRegion, Skeleton } from "@/ui";
import { formatPoints, rankLabel } from "../format";
import { historyQueryOptions, leaderboardQueryOptions, pointsQueryOptions } from "../queries";
import type { HistoryPage, Leaderboard, PointsSummary } from "../schema";
import { LeaderboardTable } from "./LeaderboardTable";
import { PointsChart } from "./PointsChart";

export type RewardsDashboardProps = {
  initialPoints: PointsSummary;
  initialHistory: HistoryPage;
  initialLeaderboard: Leaderboard;
};

const SOURCE_LABEL = { task: "Task", referral: "Referral", adjustment: "Adjustment" } as const;

/** `/rewards`: balance, tier progress, chart, history and leaderboard, all refreshed after credits. */
export function RewardsDashboard({
  initialPoints,
  initialHistory,
  initialLeaderboard,
}: RewardsDashboardProps) {
  const { data: points } = useQuery({ ...pointsQueryOptions(), initialData: initialPoints });
  const board = useQuery({ ...leaderboardQueryOptions(), initialData: initialLeaderboard });
  const history = useInfiniteQuery({
    ...historyQueryOptions(),
    initialData: { pages: [initialHistory], pageParams: [null] },
  });
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const tier = points.tier;
  const locale = useLocale();
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
              {BigInt(points.balance) > 0n ? (
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
          <p className="text-sm text-muted">
            {BigInt(board.data.me.points) > 0n
              ? `You are #${board.data.me.rank}.`
              : "You are not ranked yet."}{" "}
            Earn points to appear on the leaderboard.
          </p>
        )}
      </Card>

      <Card title="Leaderboard · top 100" className="lg:col-span-2">
        {board.isFetching && !board.data ? <Skeleton className="h-40 w-full" /> : null}
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
