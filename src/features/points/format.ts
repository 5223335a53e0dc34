/** Points with thousands separators (points are whole numbers; strings on the wire). */
export function formatPoints(points: string | number | bigint): string {
  const n = typeof points === "string" ? BigInt(points) : BigInt(points);
  return n.toLocaleString("en-US");
}
