"use client";

import type { Token } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { AmountField, cn } from "@/ui";
import { PRICE_IMPACT_BLOCKING_BPS } from "../slippage";
import { TokenSelect } from "./TokenSelect";

/** Presentational pieces of the swap widget; state lives in hooks/use-swap-form.ts. */

export function SettingsToggle(props: { open: boolean; slippageBps: number; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={props.onToggle}
      aria-expanded={props.open}
      aria-label={`Swap settings, slippage ${props.slippageBps / 100} %`}
      data-testid="swap-settings-toggle"
      className="flex items-center gap-1 rounded-control px-2 py-1 text-sm text-muted hover:bg-raised hover:text-text"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
        <path
          d="M10 13a3 3 0 100-6 3 3 0 000 6zm7-3l-1.8-.6a5.5 5.5 0 00-.5-1.2l.9-1.7-1.4-1.4-1.7.9c-.4-.2-.8-.4-1.2-.5L10.7 3h-2l-.6 1.8c-.4.1-.8.3-1.2.5l-1.7-.9-1.4 1.4.9 1.7c-.2.4-.4.8-.5 1.2L3 9.3v2l1.8.6c.1.4.3.8.5 1.2l-.9 1.7 1.4 1.4 1.7-.9c.4.2.8.4 1.2.5l.6 1.8h2l.6-1.8c.4-.1.8-.3 1.2-.5l1.7.9 1.4-1.4-.9-1.7c.2-.4.4-.8.5-1.2l1.8-.6z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.2"
        />
      </svg>
      <span className="tabular">{props.slippageBps / 100} %</span>
    </button>
  );
}

export function FlipButton({ onFlip }: { onFlip: () => void }) {
  return (
    <div className="-my-1 flex justify-center">
      <button
        type="button"
        onClick={onFlip}
        aria-label="Switch tokens"
        className="flex size-9 items-center justify-center rounded-control border border-border bg-raised text-muted hover:border-gold hover:text-gold"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
          <path
            d="M5 2v11M5 13l-3-3M5 13l3-3M11 14V3M11 3L8 6M11 3l3 3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.4"
          />
        </svg>
      </button>
    </div>
  );
}

/** One side of the trade: the amount (typed, or from the quote) and the token picker. */
export function SwapAmountBox(props: {
  title: string;
  testId: string;
  token: Token;
  tokens: readonly Token[];
  balances?: Record<string, bigint>;
  balance?: bigint;
  value: string;
  loading: boolean;
  onValue: (v: string) => void;
  onToken: (t: Token) => void;
  onMax?: () => void;
  usd: string | null;
  error?: string;
}) {
  const fmt = useFormat();
  return (
    <AmountField
      label={props.title}
      testId={`${props.testId}-amount`}
      balanceTestId={`${props.testId}-balance`}
      balance={
        props.balance === undefined ? "" : `Balance ${fmt.balance(props.balance, props.token.decimals)}`
      }
      onMax={props.onMax && props.balance !== undefined && props.balance > 0n ? props.onMax : undefined}
      value={props.value}
      onValueChange={props.onValue}
      placeholder={props.loading ? "…" : "0"}
      size="lg"
      footer={props.usd ?? ""}
      error={props.error}
      errorTestId={`${props.testId}-error`}
      token={
        <TokenSelect
          tokens={props.tokens}
          value={props.token}
          onChange={props.onToken}
          balances={props.balances}
          label={props.title}
          testId={`${props.testId}-token`}
        />
      }
    />
  );
}

export function ImpactWarning({ impactBps, expertMode }: { impactBps: number; expertMode: boolean }) {
  const blocking = impactBps > PRICE_IMPACT_BLOCKING_BPS;
  return (
    <p
      role="alert"
      data-testid="impact-warning"
      className={cn(
        "rounded-control border p-3 text-sm",
        blocking ? "border-danger text-danger" : "border-warning text-warning",
      )}
    >
      {blocking
        ? expertMode
          ? "Price impact is above 15 %. Expert mode is on: you will lose a large part of this trade to the pool."
          : "Price impact is above 15 %. Trade a smaller amount, or turn on expert mode in the settings to continue."
        : "Price impact is above 5 %: this trade moves the pool price noticeably."}
    </p>
  );
}
