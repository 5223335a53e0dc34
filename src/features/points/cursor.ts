// The history cursor: the ledger id of the last entry of the previous page (ids only grow, so
// pages never overlap or skip while new credits arrive). Opaque to clients: base64url of "p1:{id}".

export function encodeHistoryCursor(lastId: number): string {
  return Buffer.from(`p1:${lastId}`, "utf8").toString("base64url");
}

/** The id in a cursor, or null when it is not one of ours. */
export function decodeHistoryCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const m = /^p1:([1-9]\d{0,15})$/.exec(text);
  if (!m?.[1]) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? id : null;
}
