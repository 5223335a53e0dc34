import { z } from "zod";

// The one rule for dates an API caller sends (query strings, bodies, cursors), applied in the zod
// schemas so a date out of range is a 400 before any query runs or any answer starts streaming.
// Years 1970..9998 (UTC): PostgreSQL has no year 0, it does not read Date#toISOString's "+010000-…",
// airdrop times go on chain as unsigned unix seconds, and 9998 leaves room for a day of arithmetic
// (a bare `to` day includes that whole day) or an offset without reaching year 10000.
const MIN_YEAR = 1970;
const MAX_YEAR = 9998;
const MESSAGE = `a date from ${MIN_YEAR} to ${MAX_YEAR}`;

/** Whether an ISO 8601 date or date-time is a real instant within years 1970..9998 (UTC). */
function isSupportedIsoDate(iso: string): boolean {
  // A bare date is midnight UTC (as Date.parse reads it); an unparseable one (second 60) is NaN.
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** An ISO 8601 date-time with `Z` or an offset, within the supported years. */
export const isoDateTime = z.iso.datetime({ offset: true }).refine(isSupportedIsoDate, MESSAGE);

/** An ISO 8601 day (`2026-01-31`, midnight UTC) or date-time, within the supported years. */
export const isoDayOrDateTime = z.iso
  .date()
  .or(z.iso.datetime({ offset: true }))
  .refine(isSupportedIsoDate, MESSAGE);
