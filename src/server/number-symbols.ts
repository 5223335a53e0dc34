import "server-only";
import { LRUCache } from "lru-cache";
import {
  type Affixes,
  type CompactStep,
  type DecimalOptions,
  formatDecimal,
  type NumberPattern,
  type NumberSymbols,
} from "@/lib/decimal-format";

/**
 * A locale's number symbols, read from the server's `Intl` and handed to the browser, which then
 * formats while a page loads without touching `Intl` (src/lib/decimal-format.ts explains why).
 * A locale whose symbols do not reproduce `Intl` on every probe below gets none: its pages format
 * with `Intl` as before. Derived once per locale; the locales kept are bounded like every cache.
 */
export function numberSymbols(locale: string): NumberSymbols | null {
  let entry = derived.get(locale);
  if (!entry) {
    entry = { symbols: derive(locale) };
    derived.set(locale, entry);
  }
  return entry.symbols;
}

// Wrapped: a locale without symbols is remembered too (null), which lru-cache does not store.
const derived = new LRUCache<string, { symbols: NumberSymbols | null }>({ max: 64 });

/** Values and option sets the page formatters use (src/lib/format.ts), and their edges. */
export const PROBE_VALUES: readonly (number | bigint)[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1.5,
  0.000001,
  0.0012345678,
  0.00012345,
  0.99996,
  9.9996,
  999.995,
  1.005,
  2.675,
  0.1 + 0.2,
  1 / 3,
  -2 / 3,
  0.0512,
  1.0512,
  100,
  1234,
  12345,
  99999.995,
  123456.789,
  999999.995,
  1234567.5,
  1_000_000,
  1_999_999,
  -2_500_000,
  9_995_000,
  99_950_000,
  304_170_000,
  999_999_999,
  98765432.1,
  1.2e12,
  123456789012.5,
  99_999_999_999_999,
  999_999_999_999_999,
  0n,
  1234567n,
  10n ** 13n,
  -98765432109876543210n,
];
export const PROBE_OPTIONS: readonly DecimalOptions[] = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 2 },
  { maximumFractionDigits: 2, roundingMode: "trunc" },
  { maximumFractionDigits: 6 },
  { maximumSignificantDigits: 4 },
  { maximumSignificantDigits: 4, roundingMode: "trunc" },
  { style: "percent" },
  { style: "percent", maximumSignificantDigits: 3 },
];
export const COMPACT_PROBE_OPTIONS: readonly DecimalOptions[] = [
  { notation: "compact", maximumSignificantDigits: 3 },
  { notation: "compact", maximumSignificantDigits: 3, roundingMode: "trunc" },
];

function derive(locale: string): NumberSymbols | null {
  try {
    const symbols = read(locale);
    if (!symbols || !reproduces(symbols, PROBE_OPTIONS)) return null;
    // Compact forms are checked on their own: without them, plain numbers still skip Intl.
    return reproduces(symbols, COMPACT_PROBE_OPTIONS) ? symbols : { ...symbols, compact: null };
  } catch {
    return null;
  }
}

function reproduces(symbols: NumberSymbols, optionSets: readonly DecimalOptions[]): boolean {
  for (const options of optionSets) {
    const intl = new Intl.NumberFormat(symbols.locale, options);
    for (const value of PROBE_VALUES) {
      // null: a case the formatter leaves to Intl (src/lib/decimal-format.ts).
      const fast = formatDecimal(value, symbols, options);
      if (fast !== null && fast !== intl.format(value)) return false;
    }
  }
  return true;
}

function read(locale: string): NumberSymbols | null {
  const plain = new Intl.NumberFormat(locale);
  const parts = plain.formatToParts(-123456789012.5);
  const decimal = parts.find((p) => p.type === "decimal")?.value;
  const group = parts.find((p) => p.type === "group")?.value;
  const number = pattern(plain);
  const percent = pattern(new Intl.NumberFormat(locale, { style: "percent" }));
  if (!decimal || !group || !number || !percent) return null;
  const ungrouped = new Intl.NumberFormat(locale, { useGrouping: false });
  const digits = Array.from({ length: 10 }, (_, d) => ungrouped.format(d));
  return { locale, digits, decimal, group, number, percent, compact: compactSteps(locale) };
}

/**
 * Per magnitude 10^6…10^14: how many digits the locale's form keeps before its unit (en 10^7 is
 * "10M", ja "1000万") and the affixes. Null when a form changes with the number (1 vs 2 vs 1.5).
 */
function compactSteps(locale: string): CompactStep[] | null {
  const format = new Intl.NumberFormat(locale, { notation: "compact", maximumSignificantDigits: 3 });
  const steps: CompactStep[] = [];
  for (let magnitude = 6; magnitude <= 14; magnitude++) {
    const one = format.formatToParts(10 ** magnitude);
    const positive = affixes(one);
    for (const other of [2 * 10 ** magnitude, 1.5 * 10 ** magnitude]) {
      if (affixes(format.formatToParts(other)).join("\u0000") !== positive.join("\u0000")) return null;
    }
    const shown = one
      .filter((p) => p.type === "integer")
      .map((p) => p.value)
      .join("");
    steps.push({
      magnitude,
      exponent: magnitude - (Array.from(shown).length - 1),
      positive,
      negative: affixes(format.formatToParts(-2 * 10 ** magnitude)),
    });
  }
  return steps;
}

/** Grouping sizes, the smallest grouped length, and sign affixes, read off formatted parts. */
function pattern(format: Intl.NumberFormat): NumberPattern | null {
  const percent = format.resolvedOptions().style === "percent";
  const scale = percent ? 100 : 1;
  const chunks = format
    .formatToParts(-123456789012 / scale)
    .filter((p) => p.type === "integer")
    .map((p) => p.value.length);
  const primary = chunks.at(-1);
  const secondary = chunks.at(-2);
  if (chunks.length < 3 || !primary || !secondary) return null;
  let minGrouping = 1;
  while (!format.formatToParts(10 ** (primary + minGrouping - 1) / scale).some((p) => p.type === "group")) {
    if (++minGrouping > 4) return null;
  }
  return {
    primary,
    secondary,
    minGrouping,
    positive: affixes(format.formatToParts(1)),
    negative: affixes(format.formatToParts(-1)),
  };
}

/** What stands before and after the number: signs, percent sign, bidi marks, spaces. */
function affixes(parts: Intl.NumberFormatPart[]): Affixes {
  const number = new Set(["integer", "group", "decimal", "fraction"]);
  const first = parts.findIndex((p) => number.has(p.type));
  const last = parts.findLastIndex((p) => number.has(p.type));
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join("");
  return [text(parts.slice(0, first)), text(parts.slice(last + 1))];
}
