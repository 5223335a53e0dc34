import { formatUnits } from "viem";
import { type DecimalOptions, EN_US_SYMBOLS, formatDecimal, type NumberSymbols } from "./decimal-format";

/**
 * The one number and date formatter for every page (docs/ARCHITECTURE.md, "Formatting").
 *
 * Rules, decided once so no page invents its own:
 * - Numbers use the visitor's locale (`Intl`); the locale comes from `Accept-Language` on the server
 *   and reaches client components through `LocaleProvider`, so server HTML and hydration agree.
 *   With it come the locale's number symbols, checked against `Intl` on the server: numbers, compact
 *   figures and percentages are then written without `Intl`, whose first use costs a load a long task
 *   (src/lib/decimal-format.ts). Scientific notation and dates still use `Intl`.
 * - Readable, not exact: 4 significant digits below 1, at most 2 decimals from 1 up, compact
 *   notation ("1.2M") from a million, scientific beyond a quadrillion ("1E30"), and dust as
 *   "< 0.000001". Exact values belong in inputs (`toInputString` in src/lib/amount.ts), not in text.
 * - Token amounts are truncated, never rounded up, so a wallet never appears to hold more than it does.
 * - Test coins have no dollar value: prices are shown in tUSD ("≈ 150 tUSD"), never "$".
 * - Dates are shown in UTC and say so: the campaign's days (faucet cooldown, daily tasks) are UTC days,
 *   and a server render cannot know the visitor's time zone without a hydration mismatch.
 */

export const DEFAULT_LOCALE = "en-US";
/** What text shows for a value that is missing or not a number. */
export const NO_VALUE = "—";
const DUST = 0.000001;
const COMPACT_FROM = 1_000_000;
const SCIENTIFIC_FROM = 1e15;

/** The first of the visitor's languages that `Intl` supports, else the default. */
export function resolveLocale(acceptLanguage: string | null | undefined): string {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const tags = acceptLanguage
    .slice(0, 256)
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.tag && t.tag !== "*" && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q)
    .slice(0, 8);
  for (const { tag } of tags) {
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // A malformed tag (RangeError) is skipped, never an error page.
    }
  }
  return DEFAULT_LOCALE;
}

/**
 * A Map bounded by dropping its oldest entry, not lru-cache: this module is on every page's first load
 * and lru-cache would add ~16 KB of client JavaScript for no gain here. It holds the Intl formatters
 * (costly to build; a handful of option sets per locale covers every page) and the locales' symbols.
 */
function bounded<T>(max: number) {
  const entries = new Map<string, T>();
  const set = (key: string, value: T) => {
    if (!entries.has(key) && entries.size >= max) entries.delete(entries.keys().next().value as string);
    entries.set(key, value);
  };
  return {
    get: (key: string) => entries.get(key),
    set,
    memo(key: string, build: () => T): T {
      let value = entries.get(key);
      if (value === undefined) {
        value = build();
        set(key, value);
      }
      return value;
    },
  };
}
const numberFormats = bounded<Intl.NumberFormat>(128);
const dateFormats = bounded<Intl.DateTimeFormat>(64);

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return numberFormats.memo(
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

const symbolsByLocale = bounded<NumberSymbols>(64);
symbolsByLocale.set(EN_US_SYMBOLS.locale, EN_US_SYMBOLS);

/**
 * Makes a locale's checked symbols (src/server/number-symbols.ts) the way its plain numbers are
 * written; `LocaleProvider` registers the visitor's. Bounded: the server registers each request's.
 */
export function registerNumberSymbols(symbols: NumberSymbols | null): void {
  if (symbols && symbolsByLocale.get(symbols.locale) !== symbols)
    symbolsByLocale.set(symbols.locale, symbols);
}

/** `new Intl.NumberFormat(locale, options).format(value)`, without `Intl` where the symbols suffice. */
function format(locale: string, options: DecimalOptions, value: number | bigint): string {
  const symbols = symbolsByLocale.get(locale);
  const text = symbols ? formatDecimal(value, symbols, options) : null;
  return text ?? numberFormat(locale, options).format(value);
}

export type NumberFormatOptions = {
  locale?: string;
  /** Truncate instead of rounding (balances). */
  truncate?: boolean;
  /** Significant digits below 1 (default 4). */
  significantDigits?: number;
  /** Decimals from 1 up to the compact range (default 2). */
  maxDecimals?: number;
};

/** A number as people read it: "0", "< 0.000001", "0.001235", "1,234.57", "304M", "1E30". */
export function formatNumber(value: number | null | undefined, options: NumberFormatOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  const locale = options.locale ?? DEFAULT_LOCALE;
  const roundingMode = options.truncate ? ("trunc" as const) : undefined;
  const abs = Math.abs(value);
  if (abs === 0) return format(locale, {}, 0);
  if (abs < DUST) {
    const dust = format(locale, { maximumFractionDigits: 6 }, DUST);
    return value < 0 ? `> -${dust}` : `< ${dust}`;
  }
  if (abs >= SCIENTIFIC_FROM) {
    return numberFormat(locale, { notation: "scientific", maximumSignificantDigits: 3, roundingMode }).format(
      value,
    );
  }
  if (abs >= COMPACT_FROM) {
    return format(locale, { notation: "compact", maximumSignificantDigits: 3, roundingMode }, value);
  }
  if (abs < 1) {
    return format(locale, { maximumSignificantDigits: options.significantDigits ?? 4, roundingMode }, value);
  }
  return format(locale, { maximumFractionDigits: options.maxDecimals ?? 2, roundingMode }, value);
}

/** A whole count (participants, claims, blocks): grouped, never compact, "—" when unknown. */
export function formatInteger(value: number | bigint | null | undefined, locale = DEFAULT_LOCALE): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (typeof value === "number" && !Number.isFinite(value)) return NO_VALUE;
  return format(locale, { maximumFractionDigits: 0 }, value);
}

/**
 * The decimal string cut (not rounded) to 15 significant digits, which a double holds exactly:
 * Number("0.999999999999999999") is 1, and a wallet holding 1 wei less than a token must not read "1".
 */
function truncateDigits(decimal: string): string {
  let seen = 0;
  let started = false;
  let end = decimal.length;
  for (let i = 0; i < decimal.length; i++) {
    const c = decimal[i];
    if (c === "-" || c === ".") continue;
    if (c !== "0") started = true;
    if (started && ++seen === 15) {
      end = i + 1;
      break;
    }
  }
  const cut = decimal.slice(0, end);
  // Digits dropped before the point are whole units: keep their place with zeros.
  const point = decimal.indexOf(".");
  if (point === -1 || end < point) return cut + "0".repeat((point === -1 ? decimal.length : point) - end);
  return cut;
}

/**
 * A token amount held as base units: truncated, readable, with its symbol when given.
 * `formatTokenAmount(1500000707146370623n, 18, { symbol: "WAURUM" })` → "1.5 WAURUM".
 */
export function formatTokenAmount(
  value: bigint | null | undefined,
  decimals: number,
  options: NumberFormatOptions & { symbol?: string } = {},
): string {
  if (value === null || value === undefined) return NO_VALUE;
  const text = formatNumber(Number(truncateDigits(formatUnits(value, decimals))), {
    truncate: true,
    ...options,
  });
  return options.symbol ? `${text} ${options.symbol}` : text;
}

/**
 * A wallet's balance (the seed: "Balance shown with 3 decimals"): up to 3 decimals from 1 up, cut and
 * never rounded up, so a wallet never reads as holding more than it does.
 */
export const BALANCE_MAX_DECIMALS = 3;

/** A ratio as a percentage: 0.0512 → "5.12%"; absurd figures are capped ("> 10,000%"), not shown as "304M %". */
export function formatPercent(ratio: number | null | undefined, locale = DEFAULT_LOCALE): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return NO_VALUE;
  if (ratio > 100) return `> ${format(locale, { style: "percent" }, 100)}`;
  if (ratio !== 0 && Math.abs(ratio) < 0.0001) return ratio > 0 ? "< 0.01%" : "> -0.01%";
  return format(locale, { style: "percent", maximumSignificantDigits: 3 }, ratio);
}

/** A value in the test stablecoin instead of dollars: "≈ 150 tUSD". */
export function formatTusd(value: number | null | undefined, locale = DEFAULT_LOCALE): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return `≈ ${formatNumber(value, { locale })} tUSD`;
}

function toDate(input: Date | string | number | null | undefined): Date | null {
  if (input === null || input === undefined || input === "") return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return dateFormats.memo(
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }),
  );
}

/** A calendar day in UTC: "24 Nov 2026" (en-GB) / "Nov 24, 2026" (en-US). */
export function formatDate(
  input: Date | string | number | null | undefined,
  locale = DEFAULT_LOCALE,
): string {
  const date = toDate(input);
  return date ? dateFormat(locale, { dateStyle: "medium" }).format(date) : NO_VALUE;
}

/** A moment in UTC, labelled: "Nov 24, 2026, 04:12 UTC". */
export function formatDateTime(
  input: Date | string | number | null | undefined,
  locale = DEFAULT_LOCALE,
): string {
  const date = toDate(input);
  if (!date) return NO_VALUE;
  return `${dateFormat(locale, { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" }).format(date)} UTC`;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** "3 minutes ago" / "in 2 hours", relative to `now` (passed in so server and client agree). */
export function formatRelative(
  input: Date | string | number | null | undefined,
  now: Date | number,
  locale = DEFAULT_LOCALE,
): string {
  const date = toDate(input);
  if (!date) return NO_VALUE;
  const seconds = Math.round((date.getTime() - (typeof now === "number" ? now : now.getTime())) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === "second")
      return format.format(Math.trunc(seconds / size), unit);
  }
  return NO_VALUE;
}
