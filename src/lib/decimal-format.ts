/**
 * Locale number formatting without `Intl`, for what pages format while they load
 * (docs/ARCHITECTURE.md, "Main-thread work").
 *
 * Why this exists next to `Intl`: a document's first locale-sensitive call makes V8 build its set of
 * available ICU locales, one 14–50 ms C++ call that JavaScript cannot split (×4 on Lighthouse's
 * phone). Every page formats a balance, a count or a percentage as it hydrates, so every page paid
 * it inside its load. Here, the same text is built from a locale's symbols (digits, separators,
 * grouping, sign and percent affixes), which the server derives with its own `Intl` and hands over
 * only after checking them against `Intl` on a probe set (src/server/number-symbols.ts).
 *
 * It covers standard notation with `maximumFractionDigits` or `maximumSignificantDigits`, plain or
 * percent, and compact notation from a million (with significant digits), rounding half away from
 * zero (`Intl`'s default) or truncating. Anything else (scientific notation, a number JavaScript
 * prints with an exponent, a locale whose compact forms vary with the number) returns null and the
 * caller uses `Intl`. Like ICU, it rounds the shortest decimal that reads back as the double
 * (`String(1.005)` is "1.005", so 2 decimals give "1.01"), not the double's binary value.
 */

export type Affixes = readonly [prefix: string, suffix: string];

/** How a locale writes plain numbers or percentages: grouping and the affixes around the digits. */
export type NumberPattern = {
  /** The last `primary` integer digits form a group, then groups of `secondary` (en-IN: 3, then 2)… */
  primary: number;
  secondary: number;
  /** …and only from `primary + minGrouping` integer digits (es, pl: "1234" but "12.345"). */
  minGrouping: number;
  positive: Affixes;
  negative: Affixes;
};

/** Compact notation for one magnitude: en 10^7 is shown as 10^1 (exponent 6) with the suffix "M". */
export type CompactStep = { magnitude: number; exponent: number; positive: Affixes; negative: Affixes };

export type NumberSymbols = {
  locale: string;
  /** The locale's digits 0–9 (Latin, Arabic-Indic, Devanagari…). */
  digits: readonly string[];
  decimal: string;
  group: string;
  number: NumberPattern;
  /** Its own pattern: Bengali or Telugu group numbers the Indian way but percentages by thousands. */
  percent: NumberPattern;
  /** Compact notation from 10^6 to 10^14, when the locale's forms do not depend on the number. */
  compact: readonly CompactStep[] | null;
};

/** The subset of `Intl.NumberFormatOptions` this formatter reproduces. */
export type DecimalOptions = {
  maximumFractionDigits?: number;
  maximumSignificantDigits?: number;
  roundingMode?: "trunc";
  style?: "percent";
  /** With `maximumSignificantDigits`, between 10^6 and 10^15. */
  notation?: "compact";
};

/** en-US, the default locale, so pages that format without the visitor's locale need no lookup. */
export const EN_US_SYMBOLS: NumberSymbols = {
  locale: "en-US",
  digits: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
  decimal: ".",
  group: ",",
  number: { primary: 3, secondary: 3, minGrouping: 1, positive: ["", ""], negative: ["-", ""] },
  percent: { primary: 3, secondary: 3, minGrouping: 1, positive: ["", "%"], negative: ["-", "%"] },
  compact: [6, 7, 8, 9, 10, 11, 12, 13, 14].map((magnitude) => {
    const exponent = magnitude - (magnitude % 3);
    const unit = magnitude < 9 ? "M" : magnitude < 12 ? "B" : "T";
    return { magnitude, exponent, positive: ["", unit], negative: ["-", unit] };
  }),
};

const SUPPORTED = new Set([
  "maximumFractionDigits",
  "maximumSignificantDigits",
  "roundingMode",
  "style",
  "notation",
]);

/** `value` as `new Intl.NumberFormat(symbols.locale, options).format(value)` writes it, or null. */
export function formatDecimal(
  value: number | bigint,
  symbols: NumberSymbols,
  options: DecimalOptions,
): string | null {
  for (const [key, set] of Object.entries(options)) if (set !== undefined && !SUPPORTED.has(key)) return null;
  if (options.roundingMode !== undefined && options.roundingMode !== "trunc") return null;
  if (options.style !== undefined && options.style !== "percent") return null;
  if (options.notation !== undefined && options.notation !== "compact") return null;
  // Out-of-range digit counts are Intl's RangeError to raise, not a text to invent.
  const { maximumFractionDigits: fd, maximumSignificantDigits: sd } = options;
  if (fd !== undefined && !(Number.isInteger(fd) && fd >= 0 && fd <= 100)) return null;
  if (sd !== undefined && !(Number.isInteger(sd) && sd >= 1 && sd <= 21)) return null;
  const parsed = splitDecimal(value);
  if (!parsed) return null;
  const truncate = options.roundingMode === "trunc";
  // ICU truncates a fractional double of 16+ significant digits to significant digits from an
  // approximation (0.9999999999999994 → "0.999" for 4 digits): left to Intl rather than imitated.
  const approximated = truncate && parsed.frac !== "" && significantDigits(parsed.int + parsed.frac) > 15;
  if (options.notation === "compact") {
    return approximated || options.style ? null : formatCompact(parsed, symbols, options, truncate);
  }
  const percent = options.style === "percent";
  let { int, frac } = percent ? shiftTwo(parsed.int, parsed.frac) : parsed;
  if (options.maximumSignificantDigits !== undefined) {
    if (approximated) return null;
    ({ int, frac } = roundSignificant(int, frac, options.maximumSignificantDigits, truncate));
  } else {
    // Intl's defaults: 3 decimals for numbers, none for percentages.
    ({ int, frac } = roundFraction(int, frac, options.maximumFractionDigits ?? (percent ? 0 : 3), truncate));
  }
  const pattern = percent ? symbols.percent : symbols.number;
  const [prefix, suffix] = parsed.negative ? pattern.negative : pattern.positive;
  return prefix + written(int, frac, pattern, symbols) + suffix;
}

/**
 * Rounded to significant digits first (the same digits whatever the divisor), then the magnitude of
 * the rounded value picks the step, as ICU re-picks when rounding carries (999,999,999 → "1B").
 */
function formatCompact(
  parsed: { negative: boolean; int: string; frac: string },
  symbols: NumberSymbols,
  options: DecimalOptions,
  truncate: boolean,
): string | null {
  if (!symbols.compact || options.maximumSignificantDigits === undefined) return null;
  const { int, frac } = roundSignificant(parsed.int, parsed.frac, options.maximumSignificantDigits, truncate);
  const step = symbols.compact.find((s) => s.magnitude === int.length - 1);
  if (!step || int === "0") return null;
  const head = int.slice(0, int.length - step.exponent);
  const tail = int.slice(int.length - step.exponent) + frac;
  // Compact figures group from 5 digits (ja "1000万"), as ICU sets them.
  const grouping = { ...symbols.number, minGrouping: Math.max(2, symbols.number.minGrouping) };
  const [prefix, suffix] = parsed.negative ? step.negative : step.positive;
  return prefix + written(head, tail, grouping, symbols) + suffix;
}

/** The rounded digits in the locale's digits: grouped, with the fraction's trailing zeros dropped. */
function written(int: string, frac: string, grouping: NumberPattern, symbols: NumberSymbols): string {
  const shownFrac = frac.replace(/0+$/, "");
  return group(int, grouping, symbols) + (shownFrac ? symbols.decimal + toDigits(shownFrac, symbols) : "");
}

/** The shortest decimal of the value, as sign, integer and fraction digits; null beyond plain notation. */
function splitDecimal(value: number | bigint): { negative: boolean; int: string; frac: string } | null {
  if (typeof value === "bigint") {
    const negative = value < 0n;
    return { negative, int: (negative ? -value : value).toString(), frac: "" };
  }
  if (!Number.isFinite(value)) return null;
  const text = String(Math.abs(value));
  if (text.includes("e")) return null;
  const [int = "0", frac = ""] = text.split(".");
  // Intl writes negative zero with its sign ("-0"), as it does a negative value rounded to zero.
  return { negative: value < 0 || Object.is(value, -0), int, frac };
}

function significantDigits(digits: string): number {
  return digits.replace(/^0+/, "").length;
}

/** × 100 on the digits, as ICU does for percentages (no floating-point product). */
function shiftTwo(int: string, frac: string) {
  return { int: withoutLeadingZeros(`${int}${frac.slice(0, 2).padEnd(2, "0")}`), frac: frac.slice(2) };
}

function roundFraction(int: string, frac: string, digits: number, truncate: boolean) {
  if (frac.length <= digits) return { int, frac };
  return cut(int, frac, int.length + digits, truncate);
}

function roundSignificant(int: string, frac: string, digits: number, truncate: boolean) {
  const all = int + frac;
  const first = all.search(/[1-9]/);
  if (first === -1) return { int, frac };
  return cut(int, frac, first + digits, truncate);
}

/** Keeps the first `at` digits of int+frac, rounding half away from zero unless truncating. */
function cut(int: string, frac: string, at: number, truncate: boolean) {
  const all = int + frac;
  if (at >= all.length) return { int, frac };
  let kept = all.slice(0, at);
  const roundUp = !truncate && all.charCodeAt(at) >= 53; // "5"
  if (roundUp) kept = increment(kept);
  const grew = kept.length - at;
  const intLength = int.length + grew;
  if (kept.length <= intLength) return { int: withoutLeadingZeros(kept.padEnd(intLength, "0")), frac: "" };
  return { int: withoutLeadingZeros(kept.slice(0, intLength)), frac: kept.slice(intLength) };
}

/** "0012" → "12", "000" → "0". */
function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, "");
}

/** "0999" → "1000", "99" → "100", "" → "1". */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === "9") {
      out[i] = "0";
      continue;
    }
    out[i] = String(Number(out[i]) + 1);
    return out.join("");
  }
  return `1${out.join("")}`;
}

function toDigits(ascii: string, symbols: NumberSymbols): string {
  let out = "";
  for (let i = 0; i < ascii.length; i++) out += symbols.digits[ascii.charCodeAt(i) - 48];
  return out;
}

function group(int: string, pattern: NumberPattern, symbols: NumberSymbols): string {
  const { primary, secondary, minGrouping } = pattern;
  if (int.length < primary + minGrouping) return toDigits(int, symbols);
  const groups = [int.slice(-primary)];
  let rest = int.slice(0, -primary);
  while (rest.length > secondary) {
    groups.unshift(rest.slice(-secondary));
    rest = rest.slice(0, -secondary);
  }
  groups.unshift(rest);
  return groups.map((g) => toDigits(g, symbols)).join(symbols.group);
}
