"use client";

import { useEffect, useRef } from "react";
import "uplot/dist/uPlot.min.css";
import { yieldToMain } from "@/lib/yield-to-main";
import { onNearViewport } from "@/ui/charts/near-viewport";

export type LineSeries = { label: string; color: string; values: number[] };

/**
 * A tiny uPlot wrapper (uPlot is ~50 KB and draws on canvas; loaded with this component only):
 * x values, line series, a fixed height, resized with its container. Styles are set through the
 * CSSOM by uPlot, which a strict Content-Security-Policy allows.
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
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height }));
    const stopWaiting = onNearViewport(
      el,
      () =>
        void import("uplot").then(async ({ default: UPlot }) => {
          // uPlot's module set-up and its first draw are ~50 ms each on a throttled phone: two tasks,
          // not one (docs/ARCHITECTURE.md, "Main-thread work").
          await yieldToMain();
          if (cancelled) return;
          const axis = {
            stroke: "#a39e93",
            grid: { stroke: "#2a2a2e", width: 1 },
            ticks: { stroke: "#2a2a2e" },
          };
          plot = new UPlot(
            {
              width: el.clientWidth,
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
          observer.observe(el);
        }),
    );
    return () => {
      cancelled = true;
      stopWaiting();
      observer.disconnect();
      plot?.destroy();
    };
  }, [x, series, height, yMax, formatX, formatY]);
  return <div ref={box} role="img" aria-label={label} className="min-h-[180px] w-full" />;
}
