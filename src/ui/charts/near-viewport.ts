/**
 * Runs `run` once `el` comes within a screen of the viewport; returns the cancel. The charts import
 * uPlot through it: uPlot builds `Intl` formatters as its module is evaluated, and a document's first
 * `Intl` call is a 14–50 ms task (×4 on a phone) that a page whose numbers need no `Intl`
 * (src/lib/decimal-format.ts) would otherwise still pay during its load for a chart below the fold.
 */
export function onNearViewport(el: Element, run: () => void): () => void {
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
