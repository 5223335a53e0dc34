/** Position in a participant's activity: the (block, transaction index) of the last row returned. */
export type HistoryCursor = { block: number; txIndex: number };

const PREFIX = "h1.";

/** Opaque to clients (base64url), versioned so the format can change without breaking old links. */
export function encodeCursor(c: HistoryCursor): string {
  return Buffer.from(`${PREFIX}${c.block}.${c.txIndex}`, "utf8").toString("base64url");
}

/** The cursor, or null when the text is not one we issued. */
export function decodeCursor(text: string): HistoryCursor | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return null;
  const raw = Buffer.from(text, "base64url").toString("utf8");
  const m = /^h1\.(\d{1,15})\.(\d{1,9})$/.exec(raw);
  if (!m) return null;
  const block = Number(m[1]);
  const txIndex = Number(m[2]);
  if (!Number.isSafeInteger(block) || !Number.isSafeInteger(txIndex)) return null;
  return { block, txIndex };
}
