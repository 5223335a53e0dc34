// Geometry of the points-over-time chart (pure; unit-tested): a step line of the running total per
// UTC day, scaled into a viewBox. Days without credits keep the previous total (a flat step).

export type ChartPoint = { day: string; total: number };
export type ChartGeometry = { path: string; area: string; max: number; first: string; last: string };

const DAY_MS = 86_400_000;

/** The series extended to `today`, so a quiet week shows as a flat line up to now. */
export function chartGeometry(
  series: readonly ChartPoint[],
  today: string,
  size: { width: number; height: number; pad: number },
): ChartGeometry | null {
  const firstPoint = series[0];
  if (!firstPoint) return null;
  // Start a day before the first credit, at 0, so even a single day shows the rise.
  const t0 = Date.parse(`${firstPoint.day}T00:00:00Z`) - DAY_MS;
  const lastDay = series.at(-1)?.day ?? firstPoint.day;
  const end = Math.max(Date.parse(`${today}T00:00:00Z`), Date.parse(`${lastDay}T00:00:00Z`));
  const spanDays = Math.max(1, Math.round((end - t0) / DAY_MS));
  const max = Math.max(1, ...series.map((p) => p.total));
  const { width, height, pad } = size;
  const x = (day: string) =>
    pad + ((Date.parse(`${day}T00:00:00Z`) - t0) / DAY_MS / spanDays) * (width - 2 * pad);
  const y = (v: number) => height - pad - (v / max) * (height - 2 * pad);
  const r = (n: number) => Math.round(n * 10) / 10;
  let d = `M${r(pad)},${r(y(0))} L${r(x(firstPoint.day))},${r(y(0))} L${r(x(firstPoint.day))},${r(y(firstPoint.total))}`;
  for (let i = 1; i < series.length; i++) {
    const p = series[i] as ChartPoint;
    const prev = series[i - 1] as ChartPoint;
    d += ` L${r(x(p.day))},${r(y(prev.total))} L${r(x(p.day))},${r(y(p.total))}`;
  }
  const endX = r(pad + (width - 2 * pad));
  const lastTotal = series.at(-1)?.total ?? 0;
  d += ` L${endX},${r(y(lastTotal))}`;
  const area = `${d} L${endX},${r(y(0))} Z`;
  return {
    path: d,
    area,
    max,
    first: new Date(t0).toISOString().slice(0, 10),
    last: new Date(end).toISOString().slice(0, 10),
  };
}
