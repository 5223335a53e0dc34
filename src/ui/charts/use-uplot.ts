"use client";

import { type RefObject, useEffect } from "react";
import type uPlot from "uplot";
import { yieldToMain } from "@/lib/yield-to-main";

export type BuildChart = (UPlot: typeof uPlot, el: HTMLDivElement, width: number) => uPlot;

/**
 * The one way a chart draws with uPlot (canvas, ~45 KB): `build` (memoised by the caller on what the
 * chart shows) makes the chart in `box`, which is redrawn at its width when it resizes and destroyed
 * on unmount.
 * - uPlot is imported once the box comes within a screen of the viewport: uPlot builds `Intl`
 *   formatters as its module is evaluated, and a document's first `Intl` call is a 14–50 ms task (×4
 *   on a phone) that a page whose own numbers need no `Intl` (src/lib/decimal-format.ts) would
 *   otherwise pay during its load for a chart below the fold.
 * - Each chart is drawn in a task of its own after the one that evaluated uPlot: module set-up and
 *   first draws together were one ~165 ms task on a simulated phone where the console overview draws
 *   two (docs/ARCHITECTURE.md, "Main-thread work").
 */
export function useUPlot(
  box: RefObject<HTMLDivElement | null>,
  build: BuildChart,
  { height, minWidth = 0 }: { height: number; minWidth?: number },
): void {
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let disposed = false;
    const width = () => Math.max(minWidth, el.clientWidth);
    const resized = new ResizeObserver(() => chart?.setSize({ width: width(), height }));
    const stopWaiting = onNearViewport(el, async () => {
      const { default: UPlot } = await import("uplot");
      await yieldToMain();
      if (disposed) return;
      chart = build(UPlot, el, width());
      resized.observe(el);
    });
    return () => {
      disposed = true;
      stopWaiting();
      resized.disconnect();
      chart?.destroy();
    };
  }, [box, build, height, minWidth]);
}

/** Runs `run` once `el` comes within a screen of the viewport; returns the cancel. */
function onNearViewport(el: Element, run: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    run();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: "100% 0px" },
  );
  observer.observe(el);
  return () => observer.disconnect();
}
