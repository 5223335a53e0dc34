"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { type Address, erc20Abi } from "viem";
import { useConfig, useConnection } from "wagmi";
import { getBlock } from "wagmi/actions";
import { type AmmEnv, type Token, usePrices, useTokenBalances } from "@/features/tokens/client";
import { Button, Card, cn } from "@/ui";
import { useMounted, useWalletModal } from "@/wallet-modal";
import { formatAmount, parseAmount, toInputString } from "../amount";
import { type AmountFormContext, type AmountFormValues, amountResolver } from "../form";
import { type ApiQuote, fetchAllowance, useQuote } from "../queries";
import type { SwapQuote } from "../quote";
import type { Side } from "../routing";
import {
  DEFAULT_DEADLINE_MINUTES,
  DEFAULT_SLIPPAGE_BPS,
  PRICE_IMPACT_BLOCKING_BPS,
  PRICE_IMPACT_WARNING_BPS,
} from "../slippage";
import { approvalFor, buildSwapCall } from "../tx";
import { TxError, useTransactionRunner } from "../tx-runner";
import { SwapDetails } from "./SwapDetails";
import { SwapSettings, type SwapSettingsValue } from "./SwapSettings";
import { TokenSelect } from "./TokenSelect";
import { useDebounced } from "./useDebounced";

/** Native coin kept back by "Max" so the swap itself can pay its network fee. */
const GAS_RESERVE = 10n ** 16n;

function toSwapQuote(q: ApiQuote, from: Token, to: Token, tokens: readonly Token[]): SwapQuote {
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

function usd(amount: bigint | undefined, token: Token, prices: Record<string, number> | undefined) {
  const p = prices?.[token.caip.toLowerCase()];
  if (amount === undefined || p === undefined) return null;
  const v = (Number(amount) / 10 ** token.decimals) * p;
  return `≈ $${v.toLocaleString("en-US", { maximumFractionDigits: 2, minimumFractionDigits: 2 })}`;
}

export function SwapWidget({ env }: { env: AmmEnv }) {
  const config = useConfig();
  const mounted = useMounted();
  const connection = useConnection();
  const account = mounted ? connection.address : undefined;
  const modal = useWalletModal();
  const run = useTransactionRunner(env);
  const tokens = env.tokens;
  const byId = (id: string) => tokens.find((t) => t.id === id) as Token;

  const [fromToken, setFrom] = useState<Token>(byId("native"));
  const [toToken, setTo] = useState<Token>(byId("tUSD"));
  const [side, setSide] = useState<Side>("exactIn");
  const [settings, setSettings] = useState<SwapSettingsValue>({
    slippageBps: DEFAULT_SLIPPAGE_BPS,
    deadlineMinutes: DEFAULT_DEADLINE_MINUTES,
    expertMode: false,
  });
  const [showSettings, setShowSettings] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const balances = useTokenBalances(tokens, account);
  const prices = usePrices(useMemo(() => tokens.map((t) => t.caip), [tokens]));
  const fromBalance = balances.data?.[fromToken.id];
  const toBalance = balances.data?.[toToken.id];
  const typedToken = side === "exactIn" ? fromToken : toToken;

  // The resolver reads the live context (balance, quote) through a ref: it is known only after the
  // form's own value has produced a quote, i.e. after useForm has been called in this render.
  const contextRef = useRef<AmountFormContext>({ token: fromToken });
  const form = useForm<AmountFormValues>({
    mode: "onChange",
    defaultValues: { amount: "" },
    resolver: (values, _ctx, options) => amountResolver(values, contextRef.current, options),
  });
  const amount = form.watch("amount");
  const parsed = parseAmount(amount, typedToken.decimals);
  const debounced = useDebounced(parsed.ok ? parsed.value : null, 250);
  const quoteParams =
    debounced !== null && fromToken.id !== toToken.id
      ? { from: fromToken.caip, to: toToken.caip, side, amount: debounced, slippageBps: settings.slippageBps }
      : null;
  const quoteQuery = useQuote(quoteParams);
  // A quote for older input (kept while the next loads) must not be shown as the current one.
  const quote =
    quoteQuery.data && parsed.ok && quoteQuery.data.side === side && quoteParams?.amount === parsed.value
      ? quoteQuery.data
      : undefined;

  const context: AmountFormContext =
    side === "exactIn"
      ? { token: fromToken, balance: account ? fromBalance : undefined }
      : {
          token: toToken,
          maxSpend: quote?.maximumSold,
          spendBalance: account ? fromBalance : undefined,
          spendSymbol: fromToken.symbol,
        };
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-validate when the live context changes
  useEffect(() => {
    if (form.getValues("amount") !== "") void form.trigger("amount");
  }, [fromBalance, quote?.maximumSold, side, fromToken.id, toToken.id]);
  contextRef.current = context;

  const fieldError = form.formState.errors.amount?.message;
  const setAmount = (value: string, newSide: Side) => {
    setSubmitError(null);
    if (newSide !== side) setSide(newSide);
    form.setValue("amount", value, { shouldValidate: true, shouldDirty: true });
  };

  const displayIn =
    side === "exactIn" ? amount : quote ? toInputString(quote.fromAmount, fromToken.decimals) : "";
  const displayOut =
    side === "exactOut" ? amount : quote ? toInputString(quote.toAmount, toToken.decimals) : "";
  const amountIn = side === "exactIn" ? (parsed.ok ? parsed.value : undefined) : quote?.fromAmount;
  const amountOut = side === "exactOut" ? (parsed.ok ? parsed.value : undefined) : quote?.toAmount;

  const pick = (which: "from" | "to", t: Token) => {
    setSubmitError(null);
    if (which === "from") {
      if (t.id === toToken.id) setTo(fromToken);
      setFrom(t);
    } else {
      if (t.id === fromToken.id) setFrom(toToken);
      setTo(t);
    }
  };
  const flip = () => {
    setSubmitError(null);
    setFrom(toToken);
    setTo(fromToken);
    setSide(side === "exactIn" ? "exactOut" : "exactIn");
  };

  const impact = quote?.priceImpactBps ?? 0;
  const blockedByImpact =
    quote?.kind === "swap" && impact > PRICE_IMPACT_BLOCKING_BPS && !settings.expertMode;
  const route = quote ? toSwapQuote(quote, fromToken, toToken, tokens).route : [];

  let label = quote?.kind === "wrap" ? "Wrap" : quote?.kind === "unwrap" ? "Unwrap" : "Swap";
  let disabled = false;
  if (!mounted || !account) label = "Connect wallet";
  else if (busy) {
    label = busy;
    disabled = true;
  } else if (!parsed.ok || fieldError) {
    label = amount.trim() === "" ? "Enter an amount" : label;
    disabled = true;
  } else if (quoteQuery.isError) disabled = true;
  else if (!quote) {
    label = "Fetching best price…";
    disabled = true;
  } else if (blockedByImpact) {
    label = "Price impact too high";
    disabled = true;
  }

  async function submit() {
    if (!account) {
      modal.open();
      return;
    }
    if (!quote) return;
    setSubmitError(null);
    const q = toSwapQuote(quote, fromToken, toToken, tokens);
    const contracts = { router: env.contracts.router, wrappedNative: env.contracts.wrappedNative };
    try {
      // The deadline counts from chain time, not the browser clock (they differ on test chains).
      const block = await getBlock(config, { chainId: env.chainId });
      const deadline = block.timestamp + BigInt(settings.deadlineMinutes * 60);
      const call = buildSwapCall(q, contracts, {
        recipient: account,
        slippageBps: settings.slippageBps,
        deadline,
      });
      const approval = approvalFor(q, contracts, settings.slippageBps);
      const steps = approval ? 2 : 1;
      if (approval) {
        setBusy(`Step 1 of 2 · Approve ${fromToken.symbol}…`);
        const current = await fetchAllowance(config, {
          chainId: env.chainId,
          token: approval.token,
          owner: account,
          spender: approval.spender,
        });
        if (current < approval.amount) {
          await run({
            label: `Approve ${formatAmount(approval.amount, fromToken.decimals)} ${fromToken.symbol}`,
            address: approval.token,
            abi: erc20Abi,
            functionName: "approve",
            args: [approval.spender, approval.amount],
          });
        }
      }
      const verb = q.kind === "wrap" ? "Wrap" : q.kind === "unwrap" ? "Unwrap" : "Swap";
      setBusy(`${steps === 2 ? "Step 2 of 2 · " : ""}${verb} in your wallet…`);
      await run({
        label: `${verb} ${formatAmount(q.amountIn, fromToken.decimals)} ${fromToken.symbol} for ${formatAmount(q.amountOut, toToken.decimals)} ${toToken.symbol}`,
        address: call.to as Address,
        abi: call.abi,
        functionName: call.functionName,
        args: call.args,
        value: call.value,
      });
      form.reset({ amount: "" });
    } catch (err) {
      setSubmitError(err instanceof TxError ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  }

  const maxFor = (b: bigint | undefined) => {
    if (b === undefined) return undefined;
    return fromToken.isNative ? (b > GAS_RESERVE ? b - GAS_RESERVE : 0n) : b;
  };

  return (
    <Card
      title="Swap"
      aside={
        <button
          type="button"
          onClick={() => setShowSettings((s) => !s)}
          aria-expanded={showSettings}
          aria-label="Swap settings"
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
          <span className="tabular">{settings.slippageBps / 100} %</span>
        </button>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="flex flex-col gap-3"
      >
        {showSettings ? <SwapSettings value={settings} onChange={setSettings} /> : null}
        <AmountBox
          title="You pay"
          testId="swap-from"
          token={fromToken}
          tokens={tokens}
          balances={balances.data}
          balance={account ? fromBalance : undefined}
          value={displayIn}
          loading={side === "exactOut" && parsed.ok && quoteQuery.isFetching && !quote}
          onValue={(v) => setAmount(v, "exactIn")}
          onToken={(t) => pick("from", t)}
          onMax={() => {
            const m = maxFor(fromBalance);
            if (m !== undefined) setAmount(toInputString(m, fromToken.decimals), "exactIn");
          }}
          usd={usd(amountIn, fromToken, prices.data)}
          error={side === "exactIn" ? fieldError : quote && fieldError ? fieldError : undefined}
        />
        <div className="-my-1 flex justify-center">
          <button
            type="button"
            onClick={flip}
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
        <AmountBox
          title="You receive"
          testId="swap-to"
          token={toToken}
          tokens={tokens}
          balances={balances.data}
          balance={account ? toBalance : undefined}
          value={displayOut}
          loading={side === "exactIn" && parsed.ok && quoteQuery.isFetching && !quote}
          onValue={(v) => setAmount(v, "exactOut")}
          onToken={(t) => pick("to", t)}
          usd={usd(amountOut, toToken, prices.data)}
          error={
            side === "exactOut" && !(quote && fieldError?.startsWith("Insufficient")) ? fieldError : undefined
          }
        />

        {quoteQuery.isError && parsed.ok ? (
          <p role="alert" className="text-sm text-danger" data-testid="quote-error">
            {quoteQuery.error.message}
          </p>
        ) : null}

        {quote ? (
          <div className="rounded-control border border-border bg-bg p-3">
            <SwapDetails
              quote={quote}
              from={fromToken}
              to={toToken}
              route={route}
              slippageBps={settings.slippageBps}
              deadlineMinutes={settings.deadlineMinutes}
            />
          </div>
        ) : null}

        {quote && quote.kind === "swap" && impact > PRICE_IMPACT_WARNING_BPS ? (
          <p
            role="alert"
            data-testid="impact-warning"
            className={cn(
              "rounded-control border p-3 text-sm",
              impact > PRICE_IMPACT_BLOCKING_BPS
                ? "border-danger text-danger"
                : "border-warning text-warning",
            )}
          >
            {impact > PRICE_IMPACT_BLOCKING_BPS
              ? settings.expertMode
                ? "Price impact is above 15 %. Expert mode is on: you will lose a large part of this trade to the pool."
                : "Price impact is above 15 %. Trade a smaller amount, or turn on expert mode in the settings to continue."
              : "Price impact is above 5 %: this trade moves the pool price noticeably."}
          </p>
        ) : null}

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
        {submitError ? (
          <p role="alert" className="text-sm text-danger" data-testid="swap-error">
            {submitError}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

function AmountBox(props: {
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
  const inputId = `${props.testId}-amount`;
  const errorId = `${props.testId}-error`;
  return (
    <div className={cn("rounded-control border bg-bg p-3", props.error ? "border-danger" : "border-border")}>
      <div className="mb-2 flex items-center justify-between text-sm">
        <label htmlFor={inputId} className="text-muted">
          {props.title}
        </label>
        <span className="flex items-center gap-2 text-muted">
          <span className="tabular" data-testid={`${props.testId}-balance`}>
            {props.balance === undefined
              ? ""
              : `Balance ${formatAmount(props.balance, props.token.decimals, 4)}`}
          </span>
          {props.onMax && props.balance !== undefined && props.balance > 0n ? (
            <button
              type="button"
              onClick={props.onMax}
              className="rounded-control px-1.5 text-xs font-semibold text-gold hover:bg-raised"
            >
              Max
            </button>
          ) : null}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <input
          id={inputId}
          data-testid={inputId}
          inputMode="decimal"
          autoComplete="off"
          placeholder={props.loading ? "…" : "0"}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(e) => props.onValue(e.target.value.replace(",", "."))}
          className="tabular min-w-0 flex-1 bg-transparent text-2xl font-medium text-text placeholder:text-muted focus:outline-none"
        />
        <TokenSelect
          tokens={props.tokens}
          value={props.token}
          onChange={props.onToken}
          balances={props.balances}
          label={props.title}
          testId={`${props.testId}-token`}
        />
      </div>
      <div className="mt-1 flex min-h-5 items-center justify-between text-xs">
        <span className="tabular text-muted">{props.usd ?? ""}</span>
      </div>
      {props.error ? (
        <p id={errorId} role="alert" className="text-xs text-danger" data-testid={`${props.testId}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
