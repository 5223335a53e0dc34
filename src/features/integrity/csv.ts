/**
 * A strict parser for the exclusion list import: one address per line, an optional `address` header,
 * optional double quotes around a value, blank lines skipped. No CSV library is installed for
 * reading (csv-stringify only writes), and the format is a single column, so anything else — a second
 * column, a stray quote, a bad address — is reported with its line number rather than guessed at.
 */

export const MAX_CSV_ROWS = 100_000;

export type CsvResult =
  | { ok: true; addresses: string[]; duplicates: number }
  | { ok: false; line: number; message: string };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function parseAddressCsv(text: string): CsvResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const seen = new Set<string>();
  let duplicates = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] ?? "").trim();
    if (raw === "") continue;
    let value = raw;
    if (value.startsWith('"')) {
      if (!/^"[^"]*"$/.test(value)) return { ok: false, line: i + 1, message: "Unbalanced quotes" };
      value = value.slice(1, -1).trim();
    }
    if (/[,;\t"]/.test(value)) {
      return { ok: false, line: i + 1, message: "One column only: an address per line" };
    }
    if (seen.size === 0 && duplicates === 0 && value.toLowerCase() === "address") continue;
    if (!ADDRESS.test(value))
      return { ok: false, line: i + 1, message: `Not an address: ${value.slice(0, 60)}` };
    const lower = value.toLowerCase();
    if (seen.has(lower)) duplicates++;
    else seen.add(lower);
    if (seen.size > MAX_CSV_ROWS) {
      return { ok: false, line: i + 1, message: `At most ${MAX_CSV_ROWS} addresses per import` };
    }
  }
  if (seen.size === 0) return { ok: false, line: 1, message: "No addresses in the file" };
  return { ok: true, addresses: [...seen], duplicates };
}
