"use client";

import { useMemo } from "react";
import { useFormat } from "@/lib/locale";
import { TimeChart } from "@/ui/charts/TimeChart";
import { chartDays } from "../chart";

/** Points over time: a step line of the running total (the shared uPlot chart in src/ui/charts). */
export function PointsChart({ series }: { series: { day: string; total: string }[] }) {
  const f = useFormat();
  const data = useMemo(
    () =>
      chartDays(
        series.map((p) => ({ day: p.day, total: Number(p.total) })),
        new Date().toISOString().slice(0, 10),
      ),
    [series],
  );
  const chartSeries = useMemo(
    () => (data ? [{ label: "Points", values: data.totals, stepped: true }] : []),
    [data],
  );
  if (!data) {
    return (
      <p className="py-10 text-center text-sm text-muted">
        Your points will be charted here once you earn some.
      </p>
    );
  }
  return (
    <div>
      <TimeChart
        days={data.days}
        series={chartSeries}
        height={176}
        testId="points-chart"
        label={`Points over time: ${series.at(-1)?.total ?? 0} points on ${data.last}`}
      />
      <p className="mt-2 flex justify-between text-xs text-muted">
        <span>{data.first}</span>
        <span className="tabular">max {f.integer(data.max)}</span>
        <span>{data.last}</span>
      </p>
    </div>
  );
}
