"use client";

import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import {
  DEFAULT_LOCALE,
  formatDate,
  formatDateTime,
  formatInteger,
  formatNumber,
  formatPercent,
  formatRelative,
  formatTokenAmount,
  formatTusd,
  type NumberFormatOptions,
  warmFormatters,
} from "./format";

// The server resolves the visitor's locale from Accept-Language (src/server/locale.ts) and hands it
// down here, so client components format exactly as the server-rendered HTML did.
const LocaleContext = createContext(DEFAULT_LOCALE);

// The first Intl.NumberFormat of a document loads ICU's number data: 16–27 ms in Chromium whatever
// the locale (×4 on Lighthouse's phone), the next ones 0.1 ms. Pay it in a task of its own queued
// while the page's scripts are evaluated, before hydration and the post-hydration renders (the
// /rewards dashboard, /testnet's block number) format their first number inside a long task
// (docs/ARCHITECTURE.md, "Main-thread work"). The provider's warm-up below then only fills the memo.
if (typeof window !== "undefined") setTimeout(() => new Intl.NumberFormat().format(1.5), 0);

export function LocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  // The locale's number formatters are built in a task of their own right after hydration, before
  // the first reads answer, not inside the render that formats the first balance (format.ts,
  // warmFormatters). An idle callback came too late: a loading page has no idle time until then.
  useEffect(() => {
    const id = setTimeout(() => warmFormatters(locale), 0);
    return () => clearTimeout(id);
  }, [locale]);
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): string {
  return useContext(LocaleContext);
}

/** The formatters of src/lib/format.ts bound to the visitor's locale. */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      number: (value: number | null | undefined, options?: NumberFormatOptions) =>
        formatNumber(value, { locale, ...options }),
      integer: (value: number | bigint | null | undefined) => formatInteger(value, locale),
      token: (
        value: bigint | null | undefined,
        decimals: number,
        options?: NumberFormatOptions & { symbol?: string },
      ) => formatTokenAmount(value, decimals, { locale, ...options }),
      percent: (ratio: number | null | undefined) => formatPercent(ratio, locale),
      tusd: (value: number | null | undefined) => formatTusd(value, locale),
      date: (input: Date | string | number | null | undefined) => formatDate(input, locale),
      dateTime: (input: Date | string | number | null | undefined) => formatDateTime(input, locale),
      relative: (input: Date | string | number | null | undefined, now: Date | number) =>
        formatRelative(input, now, locale),
    }),
    [locale],
  );
}
