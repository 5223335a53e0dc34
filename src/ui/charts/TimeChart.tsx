"use client";

import "uplot/dist/uPlot.min.css";
import { useCallback, useRef } from "react";
import type uPlot from "uplot";
import { useFormat } from "@/lib/locale";
import { type BuildChart, useUPlot } from "./use-uplot";

/** One series of a time chart: values aligned with `TimeChartProps.days`. */
export type TimeSeries = { label: string; values: (number | null)[]; color?: string; stepped?: boolean };

export type TimeChartProps = {
  /** UTC days, `YYYY-MM-DD`, ascending. */
  days: string[];
  series: TimeSeries[];
  /** Accessible name: what the chart shows, with the latest figures (the canvas itself is not read out). */
  label: string;
  height?: number;
  testId?: string;
};

// Theme tokens (src/app/globals.css); canvas drawing cannot read CSS variables cheaply.
const GOLD = "#d4a63a";
const GRID = "#2a2a2e";
const MUTED = "#a39e93";
const PALETTE = [GOLD, "#3fb37f", "#e0a526", "#8ab4f8", "#e5484d"];
/** Steps of 1, 2, 5, 10, 20…: the y axis of counts never reads 0.25 people. */
const WHOLE_STEPS = Array.from({ length: 13 }, (_, e) => [1, 2, 5].map((m) => m * 10 ** e)).flat();

/**
 * The time-series chart (uPlot through `useUPlot`): the console's series and the /rewards points
 * chart, by UTC day.
 */
export function TimeChart({ days, series, label, height = 200, testId }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const f = useFormat();
  const build = useCallback<BuildChart>(
    (UPlot, el, width) => {
      const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
      // The legend reads the hovered day, and the latest day while the cursor is off the chart
      // (uPlot's default there is "--" beside every series, and a time of day the data never has).
      const dayAt = (idx: number | null | undefined) => idx ?? days.length - 1;
      const axis = { stroke: MUTED, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } };
      const whole = series.every((s) => s.values.every((v) => v === null || Number.isInteger(v)));
      return new UPlot(
        {
          width,
          height,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          legend: { show: series.length > 1 },
          cursor: { drag: { x: false, y: false } },
          scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
          axes: [axis, { ...axis, size: 56, ...(whole ? { incrs: WHOLE_STEPS } : {}) }],
          series: [
            { label: "Day", value: (_u, _v, _s, idx) => f.date(days[dayAt(idx)]) },
            ...series.map((s, i) => ({
              label: s.label,
              value: (_u: uPlot, _v: number | null, _s: number, idx: number | null) =>
                f.number(s.values[dayAt(idx)]),
              stroke: s.color ?? PALETTE[i % PALETTE.length],
              width: 2,
              fill: i === 0 && series.length === 1 ? "rgba(212,166,58,0.12)" : undefined,
              paths: s.stepped ? UPlot.paths.stepped?.({ align: 1 }) : undefined,
              points: { show: days.length < 3 },
            })),
          ],
        },
        [xs, ...series.map((s) => s.values)],
        el,
      );
    },
    [days, series, height, f],
  );
  useUPlot(box, build, { height, minWidth: 200 });
  return (
    <figure>
      <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ minHeight: height }} />
    </figure>
  );
}
