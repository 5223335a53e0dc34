"use client";

import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { NumberSymbols } from "./decimal-format";
import {
  BALANCE_MAX_DECIMALS,
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
  registerNumberSymbols,
} from "./format";

// The server resolves the visitor's locale from Accept-Language (src/server/locale.ts) and hands it
// down here, so client components format exactly as the server-rendered HTML did.
const LocaleContext = createContext(DEFAULT_LOCALE);

/**
 * `symbols`: the locale's number symbols, checked on the server (src/server/number-symbols.ts), so
 * the numbers a page formats while it loads are written without `Intl` and its first-use task
 * (src/lib/decimal-format.ts). Registered during render, before any child formats a number; the
 * same locale always brings the same symbols, so a server render registering them is harmless.
 */
export function LocaleProvider({
  locale,
  symbols,
  children,
}: {
  locale: string;
  symbols: NumberSymbols | null;
  children: ReactNode;
}) {
  registerNumberSymbols(symbols);
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
      /** What an account holds: `token` with the balance rule (BALANCE_MAX_DECIMALS). */
      balance: (value: bigint | null | undefined, decimals: number, options?: { symbol?: string }) =>
        formatTokenAmount(value, decimals, { locale, maxDecimals: BALANCE_MAX_DECIMALS, ...options }),
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
