"use client";

import { useCallback, useRef } from "react";
import "uplot/dist/uPlot.min.css";
import { type BuildChart, useUPlot } from "@/ui/charts/use-uplot";

export type LineSeries = { label: string; color: string; values: number[] };

/**
 * The faucet's hourly line chart (uPlot through `useUPlot`): x values, line series, a fixed height.
 * Styles are set through the CSSOM by uPlot, which a strict Content-Security-Policy allows.
 */
export function LineChart({
  x,
  series,
  height = 180,
  yMax,
  label,
  formatX,
  formatY,
}: {
  x: number[];
  series: LineSeries[];
  height?: number;
  yMax?: number;
  label: string;
  formatX: (v: number) => string;
  formatY: (v: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const build = useCallback<BuildChart>(
    (UPlot, el, width) => {
      const axis = { stroke: "#a39e93", grid: { stroke: "#2a2a2e", width: 1 }, ticks: { stroke: "#2a2a2e" } };
      return new UPlot(
        {
          width,
          height,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false }, y: { range: [0, yMax ?? null] as [number, number | null] } },
          axes: [
            // Whole steps only: the x values are hours.
            {
              ...axis,
              incrs: [1, 2, 3, 4, 6, 12],
              values: (_u: unknown, ticks: number[]) => ticks.map(formatX),
            },
            { ...axis, size: 52, values: (_u: unknown, ticks: number[]) => ticks.map(formatY) },
          ],
          series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2 }))],
        },
        [x, ...series.map((s) => s.values)],
        el,
      );
    },
    [x, series, height, yMax, formatX, formatY],
  );
  useUPlot(box, build, { height });
  return <div ref={box} role="img" aria-label={label} className="min-h-[180px] w-full" />;
}
