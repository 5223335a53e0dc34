// Data of the points-over-time chart (pure; unit-tested): the running total per UTC day, from the
// day before the first credit (at 0) to today, days without credits carrying the previous total.

export type ChartPoint = { day: string; total: number };
export type ChartDays = { days: string[]; totals: number[]; max: number; first: string; last: string };

const DAY_MS = 86_400_000;
/** A year of days at most: older history is summed into the first day shown. */
const MAX_DAYS = 366;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function chartDays(series: readonly ChartPoint[], today: string): ChartDays | null {
  const firstPoint = series[0];
  if (!firstPoint) return null;
  const lastDay = series.at(-1)?.day ?? firstPoint.day;
  const end = Math.max(Date.parse(`${today}T00:00:00Z`), Date.parse(`${lastDay}T00:00:00Z`));
  const start = Math.max(Date.parse(`${firstPoint.day}T00:00:00Z`) - DAY_MS, end - (MAX_DAYS - 1) * DAY_MS);
  const byDay = new Map(series.map((p) => [p.day, p.total]));
  const days: string[] = [];
  const totals: number[] = [];
  // The total on the first day shown: the last known total on or before it (0 before any credit).
  let running = 0;
  for (const p of series) if (Date.parse(`${p.day}T00:00:00Z`) <= start) running = p.total;
  for (let t = start; t <= end; t += DAY_MS) {
    const d = dayOf(t);
    running = byDay.get(d) ?? running;
    days.push(d);
    totals.push(running);
  }
  return { days, totals, max: Math.max(...totals), first: days[0] ?? today, last: days.at(-1) ?? today };
}
