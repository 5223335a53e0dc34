import { blockie } from "../lib/blockie";

/** The address's blockie as inline SVG: identical on server and client, no canvas needed. */
export function Blockie({
  address,
  size = 24,
  className,
}: {
  address: string;
  size?: number;
  className?: string;
}) {
  const b = blockie(address);
  const fills = [b.background, b.color, b.spot];
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${b.size} ${b.size}`}
      shapeRendering="crispEdges"
      className={className}
      aria-hidden="true"
    >
      <rect width={b.size} height={b.size} fill={b.background} />
      {b.cells.map((cell, i) =>
        cell === 0 ? null : (
          <rect key={i} x={i % b.size} y={Math.floor(i / b.size)} width={1} height={1} fill={fills[cell]} />
        ),
      )}
    </svg>
  );
}
