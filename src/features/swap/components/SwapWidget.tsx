"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useConnection } from "wagmi";
import type { AmmEnv } from "@/features/tokens";
import { Button, Card, Skeleton, Stepper } from "@/ui";
import { useMounted, useWalletModal } from "@/wallet-modal";
import { useSwapForm } from "../hooks/use-swap-form";
import { useSwapSubmit } from "../hooks/use-swap-submit";
import { PRICE_IMPACT_WARNING_BPS } from "../slippage";
import { FlipButton, ImpactWarning, SettingsToggle, SwapAmountBox } from "./SwapControls";
import { SwapDetails } from "./SwapDetails";

// The settings panel (Radix switch, slippage inputs) loads when the gear is first opened.
const SwapSettings = dynamic(() => import("./SwapSettings").then((m) => m.SwapSettings), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" label="Loading the swap settings" />,
});

/** The swap card: state in useSwapForm, submission in useSwapSubmit, markup in SwapControls. */
export function SwapWidget({ env }: { env: AmmEnv }) {
  const mounted = useMounted();
  const connection = useConnection();
  const account = mounted ? connection.address : undefined;
  const modal = useWalletModal();
  const f = useSwapForm(env, account);
  const s = useSwapSubmit(env, account, f);
  const [showSettings, setShowSettings] = useState(false);
  const { quote, parsed, fieldError, fromToken, toToken, side } = f;

  let label = quote?.kind === "wrap" ? "Wrap" : quote?.kind === "unwrap" ? "Unwrap" : "Swap";
  let disabled = false;
  if (!mounted || !account) label = "Connect wallet";
  else if (s.busyLabel) {
    label = s.busyLabel;
    disabled = true;
  } else if (f.settings.slippageInvalid || f.settings.deadlineInvalid) {
    label = "Fix the swap settings";
    disabled = true;
  } else if (!parsed.ok || fieldError) {
    label = f.amount.trim() === "" ? "Enter an amount" : label;
    disabled = true;
  } else if (f.quoteQuery.isError) disabled = true;
  else if (!quote) {
    label = "Fetching best price…";
    disabled = true;
  } else if (f.blockedByImpact) {
    label = "Price impact too high";
    disabled = true;
  }
  // Any edit makes the last failure stale.
  const edit =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...a: A) => {
      s.clearError();
      fn(...a);
    };

  return (
    <Card
      title="Swap"
      aside={
        <SettingsToggle
          open={showSettings}
          slippageBps={f.settings.slippageBps}
          onToggle={() => setShowSettings((v) => !v)}
        />
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void s.submit();
        }}
        className="flex flex-col gap-3"
      >
        {showSettings ? <SwapSettings value={f.settings} onChange={f.setSettings} /> : null}
        <SwapAmountBox
          title="You pay"
          testId="swap-from"
          token={fromToken}
          tokens={f.tokens}
          balances={f.balances}
          balance={f.fromBalance}
          value={f.displayIn}
          loading={side === "exactOut" && parsed.ok && f.quoteQuery.isFetching && !quote}
          onValue={edit((v: string) => f.setAmount(v, "exactIn"))}
          onToken={edit((t) => f.pick("from", t))}
          onMax={edit(f.setMax)}
          usd={f.usdIn}
          error={side === "exactIn" ? fieldError : quote && fieldError ? fieldError : undefined}
        />
        <FlipButton onFlip={edit(f.flip)} />
        <SwapAmountBox
          title="You receive"
          testId="swap-to"
          token={toToken}
          tokens={f.tokens}
          balances={f.balances}
          balance={f.toBalance}
          value={f.displayOut}
          loading={side === "exactIn" && parsed.ok && f.quoteQuery.isFetching && !quote}
          onValue={edit((v: string) => f.setAmount(v, "exactOut"))}
          onToken={edit((t) => f.pick("to", t))}
          usd={f.usdOut}
          error={
            side === "exactOut" && !(quote && fieldError?.startsWith("Insufficient")) ? fieldError : undefined
          }
        />

        {f.quoteQuery.isError && parsed.ok ? (
          <p role="alert" className="text-sm text-danger" data-testid="quote-error">
            {f.quoteQuery.error.message}
          </p>
        ) : null}

        {quote ? (
          <div className="rounded-control border border-border bg-bg p-3">
            <SwapDetails
              quote={quote}
              from={fromToken}
              to={toToken}
              route={f.route}
              slippageBps={f.settings.slippageBps}
              deadlineMinutes={f.settings.deadlineMinutes}
            />
          </div>
        ) : null}

        {quote && quote.kind === "swap" && f.impact > PRICE_IMPACT_WARNING_BPS ? (
          <ImpactWarning impactBps={f.impact} expertMode={f.settings.expertMode} />
        ) : null}

        {s.steps && s.steps.length > 1 ? <Stepper steps={s.steps} testId="swap-stepper" /> : null}
        <Button
          type={account ? "submit" : "button"}
          size="lg"
          disabled={disabled}
          onClick={account ? undefined : () => modal.open()}
          data-testid="swap-submit"
          className="w-full"
        >
          {label}
        </Button>
        {s.error ? (
          <p role="alert" className="text-sm text-danger" data-testid="swap-error">
            {s.error}
          </p>
        ) : null}
      </form>
    </Card>
  );
}
