"use client";

import { useEffect } from "react";
import { shortenAddress } from "@/lib/address";
import { useFormat } from "@/lib/locale";
import { Button, EmptyState, Skeleton } from "@/ui";
import { activityTitle, transferText } from "../activity-label";
import { flattenHistory, useHistory } from "../queries";
import type { ActivityItem } from "../types";

/**
 * Pages read on their own while every loaded one decodes to nothing (say, only failed payouts): a
 * page of such rows must not read as "No activity yet" with older activity behind it. Bounded, so a
 * long run of them costs a click per few pages, not a request storm.
 */
const AUTO_PAGES = 5;

/**
 * An address's activity from the indexer (faucet, send, receive, swap, stake…), newest first,
 * with "Load more" paging. Used by the wallet page and the account modal's Activity tab.
 */
export function ActivityList({
  address,
  pollMs,
  emptyAction,
}: {
  address: string;
  pollMs?: number | false;
  emptyAction?: React.ReactNode;
}) {
  const q = useHistory(address, { pollMs });
  const items = flattenHistory(q.data?.pages);
  const skipping = items.length === 0 && q.hasNextPage && (q.data?.pages.length ?? 0) < AUTO_PAGES;
  const { fetchNextPage, isFetchingNextPage } = q;
  useEffect(() => {
    if (skipping && !isFetchingNextPage) void fetchNextPage();
  }, [skipping, isFetchingNextPage, fetchNextPage]);
  if (q.isPending || skipping) {
    return (
      <ul className="divide-y divide-border" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex items-center gap-3 py-3">
            <Skeleton className="h-4 w-16" label="Loading activity" />
            <Skeleton className="h-4 w-28" />
            <Skeleton className="ml-auto h-4 w-24" />
          </li>
        ))}
      </ul>
    );
  }
  if (q.isError) {
    return (
      <EmptyState
        title="Failed to fetch transactions"
        description="The activity will load again in a few seconds."
      />
    );
  }
  if (items.length === 0 && !q.hasNextPage) {
    return (
      <EmptyState
        title="No activity yet"
        description="Claim test coins from the faucet on the Testnet page, then send, swap or stake them; every transaction shows up here."
        action={emptyAction}
      />
    );
  }
  return (
    <div>
      {items.length > 0 ? (
        <ul className="divide-y divide-border" data-testid="activity-list">
          {items.map((a) => (
            <ActivityRow key={a.id} item={a} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">
          Nothing to show in the latest transactions; older ones may have more.
        </p>
      )}
      {q.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void q.fetchNextPage()}
            disabled={q.isFetchingNextPage}
          >
            {q.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const fmt = useFormat();
  return (
    <li
      className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3"
      data-testid="activity-row"
      data-kind={item.kind}
      data-tx={item.txHash}
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium text-text" data-testid="activity-title">
          {activityTitle(item, fmt.locale)}
          {item.status === "failed" ? (
            <span className="ml-2 text-xs font-normal text-danger">Failed</span>
          ) : null}
        </p>
        <p className="text-xs text-muted">
          <time dateTime={item.time}>{fmt.dateTime(item.time)}</time>
          {item.counterparty ? (
            <>
              {" · "}
              {item.kind === "send" ? "to " : "from "}
              <span className="font-id" title={item.counterparty}>
                {shortenAddress(item.counterparty)}
              </span>
            </>
          ) : null}
        </p>
      </div>
      <div className="text-right">
        {item.transfers.map((t, i) => (
          <p key={i} className={`tabular text-sm ${t.direction === "in" ? "text-success" : "text-text"}`}>
            {t.direction === "in" ? "+" : "−"}
            {transferText(t, fmt.locale)}
          </p>
        ))}
        <a
          href={item.explorerUrl}
          target="_blank"
          rel="noreferrer"
          className="text-xs text-gold underline-offset-4 hover:underline"
        >
          View transaction <span className="sr-only">{item.txHash}</span>
        </a>
      </div>
    </li>
  );
}
