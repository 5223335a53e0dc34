import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { type DecimalOptions, EN_US_SYMBOLS, formatDecimal } from "@/lib/decimal-format";
import {
  formatInteger,
  formatNumber,
  formatPercent,
  formatTokenAmount,
  registerNumberSymbols,
} from "@/lib/format";
import { COMPACT_PROBE_OPTIONS, numberSymbols, PROBE_OPTIONS } from "./number-symbols";

// Languages and regions with their own digits (ar-EG, bn, mr, fa, th-u-nu-thai), grouping (en-IN, es,
// pl), signs and bidi marks (ar, he, fa), percent affixes (tr, de, fr), separators (de-CH, fr-CH).
const LOCALES = (
  "af am ar ar-EG ar-SA ar-MA az be bg bn bs ca cs cy da de de-CH de-AT el en en-US en-IN en-GB es " +
  "es-MX et eu fa fi fil fr fr-CH fr-CA ga gl gu he hi hr hu hy id is it ja ka kk km kn ko ky lo lt " +
  "lv mk ml mn mr ms my nb ne nl pa pl ps pt pt-PT ro ru si sk sl sq sr sv sw ta te th " +
  "th-TH-u-nu-thai tr uk ur uz vi zh zh-TW zu"
).split(" ");

const options = fc.constantFrom<DecimalOptions>(
  ...PROBE_OPTIONS,
  ...COMPACT_PROBE_OPTIONS,
  { maximumFractionDigits: 4, roundingMode: "trunc" },
  { maximumSignificantDigits: 2 },
);
// Doubles from dust to the edge of plain notation, integers, bigints and hand-picked halves.
const value = fc.oneof(
  fc.double({ min: -1e15, max: 1e15, noNaN: true }),
  fc.double({ min: 1e-6, max: 1, noNaN: true }),
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
  fc.integer({ min: 0, max: 2_000_000 }).map((n) => n + 0.5),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
);

describe("number symbols from the server's Intl", () => {
  it.each(LOCALES)("%s: derived, and they write what Intl writes", (locale) => {
    const symbols = numberSymbols(locale);
    expect(symbols, `no symbols for ${locale}`).not.toBeNull();
    if (!symbols) return;
    fc.assert(
      fc.property(value, options, (v, o) => {
        const fast = formatDecimal(v, symbols, o);
        // Null only where JavaScript prints an exponent: that is left to Intl.
        const abs = typeof v === "bigint" ? 1 : Math.abs(v);
        const digits = String(abs).replace(".", "").replace(/^0+/, "").length;
        // ICU approximates a fractional double of 16+ digits: truncating those is left to Intl.
        const approximated =
          o.roundingMode === "trunc" &&
          o.maximumSignificantDigits !== undefined &&
          !Number.isInteger(v) &&
          digits > 15;
        const plainRange = abs === 0 || (abs >= 1e-6 && abs < 1e21);
        if (o.notation === undefined && plainRange && !approximated) expect(fast).not.toBeNull();
        if (fast !== null) expect(fast).toBe(new Intl.NumberFormat(locale, o).format(v));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });

  it("ships en-US as a constant that equals the derived one", () => {
    expect(numberSymbols("en-US")).toEqual(EN_US_SYMBOLS);
  });

  it("reads the hard cases right", () => {
    const enIn = numberSymbols("en-IN");
    expect(enIn && formatDecimal(123456789.5, enIn, {})).toBe("12,34,56,789.5");
    const es = numberSymbols("es");
    expect(es && [formatDecimal(1234, es, {}), formatDecimal(12345, es, {})]).toEqual(["1234", "12.345"]);
    const bn = numberSymbols("bn");
    // Indian grouping for numbers, thousands for percentages.
    expect(bn && formatDecimal(1000, bn, { style: "percent" })).toBe("১০০,০০০%");
    expect(bn && formatDecimal(1234567.5, bn, {})).toBe("১২,৩৪,৫৬৭.৫");
    const ar = numberSymbols("ar-EG");
    expect(ar && formatDecimal(-1234.5, ar, {})).toBe("\u061c-١٬٢٣٤٫٥");
  });

  it("writes compact figures where the locale's forms allow", () => {
    expect(
      formatDecimal(999_999_999, EN_US_SYMBOLS, { notation: "compact", maximumSignificantDigits: 3 }),
    ).toBe("1B");
    const ja = numberSymbols("ja");
    expect(ja && formatDecimal(12_345_678, ja, { notation: "compact", maximumSignificantDigits: 3 })).toBe(
      "1230万",
    );
    const compactForms = LOCALES.filter((l) => numberSymbols(l)?.compact).length;
    expect(compactForms).toBeGreaterThan(LOCALES.length / 2);
  });

  it("leaves notations it does not reproduce to Intl", () => {
    expect(formatDecimal(1e21, EN_US_SYMBOLS, {})).toBeNull();
    expect(formatDecimal(1e-7, EN_US_SYMBOLS, {})).toBeNull();
    expect(formatDecimal(Number.NaN, EN_US_SYMBOLS, {})).toBeNull();
    expect(
      formatDecimal(5, EN_US_SYMBOLS, { notation: "scientific" } as unknown as DecimalOptions),
    ).toBeNull();
    expect(formatDecimal(5, EN_US_SYMBOLS, { maximumSignificantDigits: 0 })).toBeNull();
    expect(formatDecimal(5, EN_US_SYMBOLS, { maximumFractionDigits: 1.5 })).toBeNull();
    // Compact notation below a million, or without significant digits, is not reproduced.
    expect(
      formatDecimal(5000, EN_US_SYMBOLS, { notation: "compact", maximumSignificantDigits: 3 }),
    ).toBeNull();
    expect(formatDecimal(5e6, EN_US_SYMBOLS, { notation: "compact" })).toBeNull();
    expect(formatDecimal(5, EN_US_SYMBOLS, { roundingMode: "ceil" } as unknown as DecimalOptions)).toBeNull();
  });

  it("gives an unknown or malformed locale no symbols, so its pages keep using Intl", () => {
    expect(numberSymbols("!!")).toBeNull();
  });
});

describe("what a page formats while it loads", () => {
  const Original = Intl.NumberFormat;
  afterEach(() => {
    Intl.NumberFormat = Original;
  });
  /** Counts the formatters built from here on. */
  function countIntl() {
    const counter = { built: 0 };
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        counter.built++;
      }
    } as typeof Intl.NumberFormat;
    return counter;
  }

  it("needs no Intl once the visitor's symbols are registered", () => {
    // de-CH: no other test of this file formats with it, so format.ts's memo holds no formatter of it.
    const locale = "de-CH";
    registerNumberSymbols(numberSymbols(locale));
    const intl = countIntl();
    expect(formatNumber(1234.5678, { locale })).toBe("1'234.57");
    expect(formatNumber(0.0012345678, { locale, truncate: true })).toBe("0.001234");
    expect(formatNumber(0.0000001, { locale })).toBe("< 0.000001");
    expect(formatInteger(1_234_567n, locale)).toBe("1'234'567");
    expect(formatPercent(0.0512, locale)).toBe("5.12%");
    expect(formatTokenAmount(1_500_000_707_146_370_623n, 18, { locale, symbol: "WAURUM" })).toBe(
      "1.5 WAURUM",
    );
    expect(formatNumber(304_170_000, { locale })).toBe("304\u00a0Mio.");
    expect(intl.built).toBe(0);
    // Scientific notation is Intl's.
    expect(formatNumber(1e30, { locale })).toBe("1E30");
    expect(intl.built).toBe(1);
  });

  it("uses Intl for a locale whose symbols were not handed over", () => {
    const intl = countIntl();
    expect(formatNumber(1234.5678, { locale: "fr-CA" })).toBe(
      new Original("fr-CA", { maximumFractionDigits: 2 }).format(1234.5678),
    );
    expect(intl.built).toBe(1);
  });
});
