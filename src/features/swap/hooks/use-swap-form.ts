"use client";

import { useEffect, useMemo, useState } from "react";
import type { Address } from "viem";
import { type AmmEnv, type Token, usePrices, useTokenBalances } from "@/features/tokens";
import { NATIVE_GAS_RESERVE, parseAmount, spendable, toInputString, toReadableInput } from "@/lib/amount";
import { type AmountFormContext, amountProblem } from "@/lib/amount-form";
import { useFormat } from "@/lib/locale";
import { useDebounced } from "@/lib/use-debounced";
import { useFields } from "@/lib/use-fields";
import type { SwapSettingsValue } from "../components/SwapSettings";
import { type ApiQuote, QUOTE_REFRESH_MS, useQuote } from "../queries";
import type { SwapQuote } from "../quote";
import type { Side } from "../routing";
import { DEFAULT_DEADLINE_MINUTES, DEFAULT_SLIPPAGE_BPS, PRICE_IMPACT_BLOCKING_BPS } from "../slippage";

export function toSwapQuote(q: ApiQuote, from: Token, to: Token, tokens: readonly Token[]): SwapQuote {
  return {
    kind: q.kind,
    side: q.side,
    from,
    to,
    amountIn: q.fromAmount,
    amountOut: q.toAmount,
    route: q.route.map((c) => tokens.find((t) => t.caip.toLowerCase() === c.toLowerCase()) ?? from),
    path: q.path,
    amounts: q.amounts,
    priceImpactBps: q.priceImpactBps,
    fee: q.fee,
  };
}

/**
 * How old a quote may be and still be swapped on: one refresh interval plus the time its refetch may
 * take. An older answer (a quote cached for this very input earlier, shown again while it is
 * refetched; one whose refresh is slow or paused in a background tab) is a price from the past.
 */
export const QUOTE_MAX_AGE_MS = QUOTE_REFRESH_MS + 5_000;

const isFresh = (fetchedAt: number) => fetchedAt > 0 && Date.now() - fetchedAt <= QUOTE_MAX_AGE_MS;

/** Whether a quote fetched at `fetchedAt` is recent enough; re-renders the moment it stops being. */
function useFreshness(fetchedAt: number): boolean {
  const [, expired] = useState(0);
  useEffect(() => {
    const left = fetchedAt + QUOTE_MAX_AGE_MS - Date.now();
    if (fetchedAt <= 0 || left <= 0) return;
    const timer = setTimeout(() => expired((n) => n + 1), left + 1);
    return () => clearTimeout(timer);
  }, [fetchedAt]);
  return isFresh(fetchedAt);
}

/** An amount's value in tUSD (prices come from the pools against tUSD): test coins have no dollar value. */
function tusdValue(
  amount: bigint | undefined,
  token: Token,
  prices: Record<string, number> | undefined,
  format: (value: number) => string,
) {
  const p = prices?.[token.caip.toLowerCase()];
  if (amount === undefined || p === undefined) return null;
  return format((Number(amount) / 10 ** token.decimals) * p);
}

/**
 * The swap form's state (Lido widget shape: form hook ↔ submit hook ↔ presentational controls):
 * the two tokens, which side the user typed, the amount validated against the live context
 * (balance, and for exact-out the quote's maximum cost), the debounced quote and what each box shows.
 */
export function useSwapForm(env: AmmEnv, account: Address | undefined) {
  const tokens = env.tokens;
  const fmt = useFormat();
  const byId = (id: string) => tokens.find((t) => t.id === id) as Token;
  const [fromToken, setFrom] = useState<Token>(byId("native"));
  const [toToken, setTo] = useState<Token>(byId("tUSD"));
  const [side, setSide] = useState<Side>("exactIn");
  const [settings, setSettings] = useState<SwapSettingsValue>({
    slippageBps: DEFAULT_SLIPPAGE_BPS,
    deadlineMinutes: DEFAULT_DEADLINE_MINUTES,
    expertMode: false,
    slippageInvalid: false,
    deadlineInvalid: false,
    slippageText: "",
    deadlineText: String(DEFAULT_DEADLINE_MINUTES),
  });

  const balances = useTokenBalances(tokens, account);
  const prices = usePrices(useMemo(() => tokens.map((t) => t.caip), [tokens]));
  const fromBalance = balances.data?.[fromToken.id];
  const toBalance = balances.data?.[toToken.id];
  const typedToken = side === "exactIn" ? fromToken : toToken;

  // Validated at render against the live context (balance, and the quote of this very amount),
  // so the message follows balances and quotes as they arrive; shown once the field was changed.
  const fields = useFields({ amount: "" }, "change");
  const amount = fields.values.amount;
  const parsed = parseAmount(amount, typedToken.decimals);
  const debounced = useDebounced(parsed.ok ? parsed.value : null, 250);
  const quoteParams =
    debounced !== null && fromToken.id !== toToken.id
      ? { from: fromToken.caip, to: toToken.caip, side, amount: debounced, slippageBps: settings.slippageBps }
      : null;
  const quoteQuery = useQuote(quoteParams);
  const quoteFresh = useFreshness(quoteQuery.dataUpdatedAt);
  // A quote for older input must not be shown or submitted as the current one: neither the previous
  // key's answer kept while the next loads (other tokens, side or slippage: the wallet would be asked
  // for the old pair's path) nor one for the amount still in the debounce, nor an old answer for
  // this very input (cached earlier, being refetched): its minimum received is an old price's.
  const quote =
    quoteQuery.data &&
    !quoteQuery.isPlaceholderData &&
    quoteFresh &&
    parsed.ok &&
    quoteQuery.data.side === side &&
    quoteParams?.amount === parsed.value
      ? quoteQuery.data
      : undefined;

  // Paying with the native coin keeps the swap's own network fee back, as "Max" does.
  const gasReserve = fromToken.isNative ? NATIVE_GAS_RESERVE : 0n;
  const context: AmountFormContext =
    side === "exactIn"
      ? { token: fromToken, balance: account ? fromBalance : undefined, gasReserve }
      : {
          token: toToken,
          // A wrap/unwrap costs exactly what it delivers; not trusting a slippage bound on it keeps
          // "unwrap my whole balance" possible even from a server that still answers one.
          maxSpend: quote?.kind === "swap" ? quote.maximumSold : quote?.fromAmount,
          spendBalance: account ? fromBalance : undefined,
          spendSymbol: fromToken.symbol,
          gasReserve,
        };
  const fieldError = fields.shown({ amount: amountProblem(amount, context) }).amount;

  const setAmount = (value: string, newSide: Side) => {
    if (newSide !== side) setSide(newSide);
    fields.set("amount", value);
  };
  const pick = (which: "from" | "to", t: Token) => {
    if (which === "from") {
      if (t.id === toToken.id) setTo(fromToken);
      setFrom(t);
    } else {
      if (t.id === fromToken.id) setFrom(toToken);
      setTo(t);
    }
  };
  const flip = () => {
    setFrom(toToken);
    setTo(fromToken);
    setSide(side === "exactIn" ? "exactOut" : "exactIn");
  };
  const setMax = () => {
    if (fromBalance === undefined) return;
    setAmount(toInputString(spendable(fromBalance, gasReserve), fromToken.decimals), "exactIn");
  };

  const amountIn = side === "exactIn" ? (parsed.ok ? parsed.value : undefined) : quote?.fromAmount;
  const amountOut = side === "exactOut" ? (parsed.ok ? parsed.value : undefined) : quote?.toAmount;
  const impact = quote?.priceImpactBps ?? 0;

  return {
    /** Whether the current quote is still recent enough to send (checked again at submit). */
    isQuoteFresh: () => isFresh(quoteQuery.dataUpdatedAt),
    /** Empties the amount after a swap (no message until the next change). */
    resetAmount: () => fields.reset(),
    tokens,
    fromToken,
    toToken,
    side,
    settings,
    setSettings,
    balances: balances.data,
    fromBalance: account ? fromBalance : undefined,
    toBalance: account ? toBalance : undefined,
    amount,
    parsed,
    quoteQuery,
    quote,
    fieldError,
    impact,
    blockedByImpact: quote?.kind === "swap" && impact > PRICE_IMPACT_BLOCKING_BPS && !settings.expertMode,
    route: quote ? toSwapQuote(quote, fromToken, toToken, tokens).route : [],
    // The quoted side reads "5.981234", not 18 decimals cut off by the field; the swap itself uses
    // the quote's exact amounts (use-swap-submit.ts).
    displayIn:
      side === "exactIn" ? amount : quote ? toReadableInput(quote.fromAmount, fromToken.decimals) : "",
    displayOut: side === "exactOut" ? amount : quote ? toReadableInput(quote.toAmount, toToken.decimals) : "",
    usdIn: tusdValue(amountIn, fromToken, prices.data, fmt.tusd),
    usdOut: tusdValue(amountOut, toToken, prices.data, fmt.tusd),
    setAmount,
    pick,
    flip,
    setMax,
  };
}

export type SwapForm = ReturnType<typeof useSwapForm>;
