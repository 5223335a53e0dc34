"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo, useState } from "react";
import { formatInteger } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Card, Skeleton } from "@/ui";
import { TimeChart } from "@/ui/charts/TimeChart";
import type { Overview } from "../schema";
import { adminApi, daysAgo, when } from "./api";
import { DateRangeForm, ErrorText, Stat, Table, td } from "./ui";

/** Every day from `from` to `to` inclusive, so quiet days chart as 0 instead of being skipped. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (
    let t = Date.parse(`${from}T00:00:00Z`);
    t <= Date.parse(`${to}T00:00:00Z`) && out.length < 400;
    t += 86_400_000
  )
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export function OverviewScreen() {
  const { locale } = useFormat();
  const [from, setFrom] = useState(daysAgo(29));
  const [to, setTo] = useState(daysAgo(0));
  const q = useQuery({
    queryKey: ["admin", "overview", from, to],
    queryFn: () => adminApi<Overview>(`/api/admin/overview?from=${from}&to=${to}`),
    refetchInterval: 60_000,
  });
  // The answer is rendered in a deferred pass, which React renders in ~5 ms slices: a query's result
  // reaches React through useSyncExternalStore, whose updates render at sync priority, and mounting
  // the figures, funnel and tables in that pass was one 20–90 ms task (docs/ARCHITECTURE.md,
  // "Main-thread work"). The range the figures are drawn over is deferred with them, so days and
  // answer always belong to the same range.
  const data = useDeferredValue(q.data);
  const shownFrom = useDeferredValue(from);
  const shownTo = useDeferredValue(to);
  const days = useMemo(() => daysBetween(shownFrom, shownTo), [shownFrom, shownTo]);
  const growth = useMemo(() => {
    if (!data) return [];
    const by = (rows: { day: string; count: number }[]) => {
      const m = new Map(rows.map((r) => [r.day, r.count]));
      return days.map((d) => m.get(d) ?? 0);
    };
    return [
      { label: "New participants", values: by(data.newParticipants) },
      { label: "Sign-ins", values: by(data.signIns) },
    ];
  }, [data, days]);
  const outflow = useMemo(() => {
    if (!data) return [];
    const assets = [...new Set(data.faucetOutflow.map((r) => r.asset))];
    return assets.map((asset) => {
      const decimals = asset === "tUSD" ? 6 : 18;
      const m = new Map(
        data.faucetOutflow
          .filter((r) => r.asset === asset)
          .map((r) => [r.day, Number(BigInt(r.amount)) / 10 ** decimals]),
      );
      return { label: asset === "native" ? "Native coin" : asset, values: days.map((d) => m.get(d) ?? 0) };
    });
  }, [data, days]);
  const top = data?.funnel[0]?.count ?? 0;
  const total = (rows: { count: number }[]) => rows.reduce((s, r) => s + r.count, 0);

  return (
    <div className="flex flex-col gap-6">
      <DateRangeForm from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <ErrorText error={q.error} />
      {!data ? (
        // The figures and both charts' cards at their loaded size, so nothing below (the footer) jumps
        // when they arrive (CLS, `npm run bench:lighthouse`).
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-24 w-full" label="Loading figures" />
            ))}
          </div>
          <Card title="Participants and sign-ins per day">
            <Skeleton className="h-[200px] w-full" label="Loading chart" />
          </Card>
          <Card title="Funnel">
            <Skeleton className="h-40 w-full" label="Loading funnel" />
          </Card>
          <Card title="Faucet outflow per day">
            <Skeleton className="h-[200px] w-full" label="Loading chart" />
          </Card>
        </>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="overview-stats">
            <Stat label="New participants" value={formatInteger(total(data.newParticipants), locale)} />
            <Stat label="Sign-ins" value={formatInteger(total(data.signIns), locale)} />
            <Stat label="Task completions" value={formatInteger(data.completionsTotal, locale)} />
            <Stat
              label="Open tickets"
              value={data.openTickets.total}
              hint={data.openTickets.oldestAt ? `oldest ${when(data.openTickets.oldestAt)}` : "none waiting"}
            />
          </div>
          <Card title="Participants and sign-ins per day">
            <TimeChart
              days={days}
              series={growth}
              testId="overview-growth-chart"
              label={`New participants and sign-ins per day from ${shownFrom} to ${shownTo}: ${total(data.newParticipants)} new, ${total(data.signIns)} sign-ins`}
            />
          </Card>
          <Card title="Funnel">
            <ol className="flex flex-col gap-2" aria-label="Funnel steps">
              {data.funnel.map((s) => (
                <li
                  key={s.step}
                  className="grid grid-cols-[9rem_1fr_4rem] items-center gap-2 text-sm sm:grid-cols-[12rem_1fr_5rem]"
                >
                  <span className="text-muted">{s.step}</span>
                  <span className="h-3 rounded-control bg-raised" aria-hidden="true">
                    <span
                      className="block h-3 rounded-control bg-gold"
                      style={{
                        width: `${top && s.count !== null ? Math.min(100, (s.count / top) * 100) : 0}%`,
                      }}
                    />
                  </span>
                  <span className="tabular text-right">
                    {s.count === null ? "n/a" : formatInteger(s.count, locale)}
                  </span>
                </li>
              ))}
            </ol>
            <p className="mt-3 text-xs text-muted">
              Visits and connects are counted per browser, the later steps per participant; “n/a” means the
              airdrop is not set up yet.
            </p>
          </Card>
          <Card title="Faucet outflow per day">
            {outflow.length ? (
              <TimeChart
                days={days}
                series={outflow}
                testId="overview-faucet-chart"
                label={`Faucet payouts per day and asset from ${shownFrom} to ${shownTo}`}
              />
            ) : (
              <p className="text-sm text-muted">
                No faucet payouts in this range. They appear here once participants claim.
              </p>
            )}
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title="Completions per task">
              {data.completions.length ? (
                <Table caption="Completions per task" head={["Task", "Completions"]}>
                  {data.completions.map((c) => (
                    <tr key={c.taskId}>
                      <td className={td}>{c.title}</td>
                      <td className={`${td} tabular`}>{formatInteger(c.count, locale)}</td>
                    </tr>
                  ))}
                </Table>
              ) : (
                <p className="text-sm text-muted">No task completed in this range yet.</p>
              )}
            </Card>
            <Card title="Open tickets by age">
              <dl className="grid grid-cols-3 gap-3 text-sm">
                <div>
                  <dt className="text-muted">under a day</dt>
                  <dd className="tabular text-lg">{data.openTickets.underOneDay}</dd>
                </div>
                <div>
                  <dt className="text-muted">1–7 days</dt>
                  <dd className="tabular text-lg">{data.openTickets.oneToSevenDays}</dd>
                </div>
                <div>
                  <dt className="text-muted">older</dt>
                  <dd className="tabular text-lg">{data.openTickets.olderThanSevenDays}</dd>
                </div>
              </dl>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
