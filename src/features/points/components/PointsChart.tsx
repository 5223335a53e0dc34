import { chartGeometry } from "../chart";

const SIZE = { width: 600, height: 180, pad: 8 };

/** Points over time as an inline SVG step chart (no chart library: ~1 KB instead of ~100). */
export function PointsChart({ series }: { series: { day: string; total: string }[] }) {
  const today = new Date().toISOString().slice(0, 10);
  const g = chartGeometry(
    series.map((p) => ({ day: p.day, total: Number(p.total) })),
    today,
    SIZE,
  );
  if (!g) {
    return (
      <p className="py-10 text-center text-sm text-muted">
        Your points will be charted here once you earn some.
      </p>
    );
  }
  return (
    <figure>
      <svg
        viewBox={`0 0 ${SIZE.width} ${SIZE.height}`}
        className="h-44 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Points over time: ${series.at(-1)?.total ?? 0} points on ${g.last}`}
        data-testid="points-chart"
      >
        <line
          x1={SIZE.pad}
          x2={SIZE.width - SIZE.pad}
          y1={SIZE.pad}
          y2={SIZE.pad}
          stroke="#2a2a2e"
          strokeDasharray="4 4"
        />
        <path d={g.area} fill="#d4a63a" fillOpacity={0.12} />
        <path d={g.path} fill="none" stroke="#d4a63a" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="mt-2 flex justify-between text-xs text-muted">
        <span>{g.first}</span>
        <span className="tabular">max {g.max.toLocaleString("en-US")}</span>
        <span>{g.last}</span>
      </figcaption>
    </figure>
  );
}
