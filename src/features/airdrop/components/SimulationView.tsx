"use client";

import { useQuery } from "@tanstack/react-query";
import { formatInteger, formatNumber, formatPercent } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Skeleton } from "@/ui";
import { formatDate, formatTokenAmount } from "../format";
import { simulationQueryOptions } from "../queries";
import type { AdminRound } from "../schema";
import type { DistributionStats } from "../stats";

function StatsRow({ label, s, decimals }: { label: string; s: DistributionStats; decimals: number }) {
  const { locale } = useFormat();
  const f = (x: string) => formatTokenAmount(x, decimals, locale);
  return (
    <tr>
      <th scope="row" className="px-2 py-1.5 text-left font-medium text-text">
        {label}
      </th>
      <td className="px-2 py-1.5 tabular-nums">{formatInteger(s.eligible, locale)}</td>
      <td className="px-2 py-1.5 tabular-nums">{f(s.totalAllocated)}</td>
      <td className="px-2 py-1.5 tabular-nums">
        {f(s.min)} / {f(s.median)} / {f(s.max)}
      </td>
      <td className="px-2 py-1.5 tabular-nums">
        {formatPercent(s.top1Share, locale)} / {formatPercent(s.top10Share, locale)}
      </td>
      <td className="px-2 py-1.5 tabular-nums">{formatNumber(s.gini, { locale, significantDigits: 3 })}</td>
    </tr>
  );
}

export function SimulationView({ round }: { round: AdminRound }) {
  const { locale } = useFormat();
  const q = useQuery(simulationQueryOptions(round.id));
  if (q.isPending) return <Skeleton className="mt-4 h-32 w-full" />;
  if (q.isError)
    return (
      <p role="alert" className="mt-4 text-sm text-danger">
        {q.error.message}
      </p>
    );
  const s = q.data;
  const d = round.token.decimals;
  return (
    <div className="mt-4 flex flex-col gap-3 text-sm text-muted">
      <p>
        {formatInteger(s.participants, locale)} participants with points at {formatDate(s.snapshotAt, locale)}
        : {formatInteger(s.stats.eligible, locale)} eligible, {formatInteger(s.stats.belowMinimum, locale)}{" "}
        below the minimum, {formatInteger(s.stats.excluded, locale)} excluded,{" "}
        {formatInteger(s.stats.capped, locale)} capped.
        {s.stats.unallocated !== "0" ? (
          <span className="text-danger">
            {" "}
            The cap is too low: {formatTokenAmount(s.stats.unallocated, d, locale)} would be left over.
          </span>
        ) : null}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[640px] text-xs">
          <caption className="sr-only">Allocation figures for the rule and its variations</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="px-2 py-1.5">
                Rule
              </th>
              <th scope="col" className="px-2 py-1.5">
                Eligible
              </th>
              <th scope="col" className="px-2 py-1.5">
                Allocated
              </th>
              <th scope="col" className="px-2 py-1.5">
                Min / median / max
              </th>
              <th scope="col" className="px-2 py-1.5">
                Top 1% / 10%
              </th>
              <th scope="col" className="px-2 py-1.5">
                Gini
              </th>
            </tr>
          </thead>
          <tbody className="text-text">
            <StatsRow label="This round" s={s.stats} decimals={d} />
            {s.sensitivity.map((r) => (
              <StatsRow key={r.label} label={r.label} s={r.stats} decimals={d} />
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Per tier:{" "}
        {s.stats.perTier
          .map(
            (t) =>
              `${t.tier} ${formatInteger(t.recipients, locale)} (${formatTokenAmount(t.amount, d, locale)})`,
          )
          .join(" · ")}
      </p>
    </div>
  );
}
