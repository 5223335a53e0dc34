/** `0x1234…abcd`: enough to recognise an address without printing all of it. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** Points with thousands separators (points are whole numbers; strings on the wire). */
export function formatPoints(points: string | number | bigint): string {
  const n = typeof points === "string" ? BigInt(points) : BigInt(points);
  return n.toLocaleString("en-US");
}
