"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { formatPercent, formatTokenAmount } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Card, hashLinkClasses, Skeleton } from "@/ui";
import { faucetStatusQueryOptions } from "../queries";
import type { AssetStats, FaucetPublic } from "../schema";
import { LineChart, type LineSeries } from "./LineChart";

const COLORS = ["#d4a63a", "#3fb37f", "#8fb3ff"];

// Module-level, so the chart (whose effect depends on them) is not drawn again on every render.
const formatHour = (v: number) => `${String(v).padStart(2, "0")}:00`;
const formatShare = (v: number) => `${v} %`;

const amount = (value: string, decimals: number, locale: string) =>
  formatTokenAmount(BigInt(value), decimals, { locale });

const percentOf = (part: string, whole: string) =>
  BigInt(whole) === 0n ? 100 : Number((BigInt(part) * 10_000n) / BigInt(whole)) / 100;

/**
 * The faucet's public status on /testnet: balance per asset, today's outflow against the daily cap
 * (chart: cumulative share of each cap per UTC hour), the queue and the latest payouts.
 */
export function FaucetStatusSection({ explorerUrl }: { explorerUrl: string }) {
  const status = useQuery(faucetStatusQueryOptions());
  if (status.isPending) {
    return (
      <Card title="Faucet status" aria-busy="true">
        <Skeleton className="h-40 w-full" label="Loading the faucet status" />
      </Card>
    );
  }
  if (status.isError) return null; // The faucet panel above already shows the error and a retry.
  return <StatusBody stats={status.data.public} explorerUrl={explorerUrl} />;
}

function StatusBody({ stats, explorerUrl }: { stats: FaucetPublic; explorerUrl: string }) {
  const { locale } = useFormat();
  const hours = stats.assets[0]?.hourly.length ?? 1;
  // x: the UTC hour each cumulative value ends (01:00 for the first hour, …).
  const x = useMemo(() => Array.from({ length: hours }, (_, i) => i + 1), [hours]);
  const series: LineSeries[] = useMemo(
    () =>
      stats.assets.map((a, i) => ({
        label: a.symbol,
        color: COLORS[i % COLORS.length] as string,
        values: a.hourly.map((v) => percentOf(v, a.dailyCap)),
      })),
    [stats],
  );
  return (
    <Card title="Faucet status" data-testid="faucet-status">
      <p className="text-sm text-muted">
        What the faucet holds and how much of today's allowance (UTC) is handed out.
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        {stats.assets.map((a, i) => (
          <AssetTile key={a.asset} a={a} color={COLORS[i % COLORS.length] as string} />
        ))}
      </div>
      <figure className="mt-5">
        <LineChart
          x={x}
          series={series}
          yMax={100}
          label={`Today's outflow as a share of each daily cap: ${stats.assets
            .map((a) => `${a.symbol} ${formatPercent(percentOf(a.outflowToday, a.dailyCap) / 100, locale)}`)
            .join(", ")}`}
          formatX={formatHour}
          formatY={formatShare}
        />
        <figcaption className="mt-2 text-xs text-muted">
          Share of each daily cap handed out by the end of each hour (UTC).
        </figcaption>
      </figure>
      <p className="mt-4 text-sm text-muted">
        Claims waiting in the queue:{" "}
        <span className="tabular text-text" data-testid="faucet-queue">
          {stats.queueLength}
        </span>
      </p>
      <h3 className="mt-5 text-sm font-semibold text-text">Recent payouts</h3>
      {stats.recent.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No payouts yet. Claim above and yours will be the first.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border text-sm" data-testid="faucet-recent">
          {stats.recent.map((p) => (
            <li
              key={`${p.txHash}-${p.recipient}-${p.asset}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span className="font-id text-muted">{p.recipient}</span>
              <span className="tabular text-text">
                {amount(p.amount, stats.assets.find((a) => a.asset === p.asset)?.decimals ?? 18, locale)}{" "}
                {stats.assets.find((a) => a.asset === p.asset)?.symbol}
              </span>
              <a
                href={`${explorerUrl}/tx/${p.txHash}`}
                target="_blank"
                rel="noreferrer"
                className={hashLinkClasses}
              >
                {p.txHash.slice(0, 10)}…
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function AssetTile({ a, color }: { a: AssetStats; color: string }) {
  const { locale } = useFormat();
  return (
    <div className="rounded-control border border-border p-3">
      <p className="flex items-center gap-2 text-xs text-muted">
        <svg aria-hidden="true" width="8" height="8" className="shrink-0">
          <circle cx="4" cy="4" r="4" fill={color} />
        </svg>
        {a.symbol}
      </p>
      <p className="tabular mt-1 text-lg font-semibold text-text" data-testid={`faucet-balance-${a.asset}`}>
        {a.balance === null ? "—" : amount(a.balance, a.decimals, locale)}
      </p>
      <p className="tabular text-xs text-muted">
        Today {amount(a.outflowToday, a.decimals, locale)} of {amount(a.dailyCap, a.decimals, locale)}
      </p>
    </div>
  );
}
