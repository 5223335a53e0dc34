"use client";

import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { type Address, erc20Abi } from "viem";
import { useConfig, useConnection } from "wagmi";
import { readContract } from "wagmi/actions";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";
import {
  type AmountsContext,
  amountsResolver,
  formatAmount,
  parseAmount,
  TxError,
  useTransactionRunner,
} from "@/features/swap";
import { type AmmEnv, TokenIcon, usePrices } from "@/features/tokens/client";
import { Button, Card, cn, SegmentedTabs, Skeleton } from "@/ui";
import { useMounted, useWalletModal } from "@/wallet-modal";
import type { StakePool } from "../pools";
import { type StakePoolState, useStakePool } from "../queries";
import { aprPercent, formatCountdown, interpolateEarned, type StakeStepId, stakeSteps } from "../rewards";
import { type Step, Stepper } from "./Stepper";

/** Native coin kept back by "Max" so the wrap and stake can pay their network fees. */
const GAS_RESERVE = 10n ** 16n;

/** Chain time now, estimated from the last read (Anvil and real chains may differ from the browser clock). */
function chainNow(state: StakePoolState | undefined) {
  if (!state) return Math.floor(Date.now() / 1000);
  return Number(state.readAt) + (Date.now() - state.fetchedAtMs) / 1000;
}

/** Compact above 10,000 % (an almost empty pool has an enormous APR). */
function formatApr(apr: number): string {
  return apr >= 10_000
    ? apr.toLocaleString("en-US", { notation: "compact", maximumFractionDigits: 2 })
    : apr.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

function useTicker(ms: number) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(t);
  }, [ms]);
}

export function StakePoolCard({ env, pool }: { env: AmmEnv; pool: StakePool }) {
  const mounted = useMounted();
  const connection = useConnection();
  const account = mounted ? connection.address : undefined;
  const state = useStakePool(env.chainId, pool, account);
  const prices = usePrices([pool.stakingToken.caip, pool.rewardToken.caip]);
  const [tab, setTab] = useState<"stake" | "unstake">("stake");
  useTicker(250);

  const s = state.data;
  const now = chainNow(s);
  const stakePrice = prices.data?.[pool.stakingToken.caip.toLowerCase()];
  const rewardPrice = prices.data?.[pool.rewardToken.caip.toLowerCase()];
  const apr = s
    ? aprPercent({
        rewardRate: s.rewardRate,
        rewardDecimals: pool.rewardToken.decimals,
        rewardPrice,
        totalStaked: s.totalSupply,
        stakeDecimals: pool.stakingToken.decimals,
        stakePrice,
        periodFinish: s.periodFinish,
        now: BigInt(Math.floor(now)),
      })
    : undefined;
  const earned =
    s?.account &&
    interpolateEarned({
      earned: s.account.earned,
      balance: s.account.staked,
      totalSupply: s.totalSupply,
      rewardRate: s.rewardRate,
      periodFinish: s.periodFinish,
      readAt: s.readAt,
      now,
    });
  const st = pool.stakingToken;
  const rt = pool.rewardToken;
  const usd = (amount: bigint, decimals: number, price: number | undefined) =>
    price === undefined
      ? ""
      : ` · $${((Number(amount) / 10 ** decimals) * price).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

  return (
    <Card data-testid={`stake-pool-${pool.id}`}>
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <TokenIcon id={st.icon} size={24} />
          Stake {st.symbol}, earn {rt.symbol}
        </h2>
        <span
          className="shrink-0 rounded-control border border-border px-2 py-0.5 text-sm tabular"
          data-testid="stake-apr"
        >
          APR {apr === undefined ? "…" : apr === null ? "—" : `${formatApr(apr)} %`}
        </span>
      </div>
      {!s ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <Stat label="Total staked">
              {formatAmount(s.totalSupply, st.decimals, 2)} {st.symbol}
              <span className="text-muted">{usd(s.totalSupply, st.decimals, stakePrice)}</span>
            </Stat>
            <Stat label="Rewards">
              {formatAmount(s.rewardRate * 86_400n, rt.decimals, 2)} {rt.symbol} / day
            </Stat>
            <Stat label="Period ends in">
              <span data-testid="stake-countdown">{formatCountdown(Number(s.periodFinish) - now)}</span>
            </Stat>
            <Stat label="Your stake">
              <span data-testid="stake-staked">
                {s.account ? `${formatAmount(s.account.staked, st.decimals, 6)} ${st.symbol}` : "—"}
              </span>
            </Stat>
          </dl>
          <div className="flex flex-col gap-3 rounded-control border border-border bg-bg p-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="text-sm text-muted">Earned</p>
              <p className="text-xl font-semibold tabular text-gold" data-testid="stake-earned">
                {earned === undefined ? "—" : formatAmount(earned, rt.decimals, 6)} {rt.symbol}
              </p>
            </div>
            <ClaimButtons env={env} pool={pool} state={s} account={account} earned={earned ?? 0n} />
          </div>
          <SegmentedTabs
            options={[
              { value: "stake", label: "Stake" },
              { value: "unstake", label: "Unstake" },
            ]}
            value={tab}
            onChange={setTab}
          />
          {tab === "stake" ? (
            <StakeForm env={env} pool={pool} state={s} account={account} />
          ) : (
            <UnstakeForm env={env} pool={pool} state={s} account={account} />
          )}
        </div>
      )}
    </Card>
  );
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular break-words">{children}</dd>
    </div>
  );
}

type FormProps = { env: AmmEnv; pool: StakePool; state: StakePoolState; account: Address | undefined };

function ClaimButtons({ env, pool, state, account, earned }: FormProps & { earned: bigint }) {
  const run = useTransactionRunner(env);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const staked = state.account?.staked ?? 0n;
  const act = async (fn: "getReward" | "exit", label: string) => {
    setBusy(fn);
    setError(null);
    try {
      await run({ label, address: pool.address, abi: stakingRewardsAbi, functionName: fn, args: [] });
    } catch (err) {
      setError(err instanceof TxError ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!account || earned === 0n || Boolean(busy)}
          onClick={() => act("getReward", `Claim ${pool.rewardToken.symbol} rewards`)}
          data-testid="stake-claim"
        >
          {busy === "getReward" ? "Claiming…" : "Claim"}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!account || staked === 0n || Boolean(busy)}
          onClick={() => act("exit", `Unstake all ${pool.stakingToken.symbol} and claim`)}
          data-testid="stake-exit"
          title="Unstake everything and claim the rewards in one transaction"
        >
          {busy === "exit" ? "Exiting…" : "Exit"}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const STEP_LABEL = (pool: StakePool, id: StakeStepId, amount: string) =>
  id === "wrap"
    ? `Wrap ${amount} ${pool.nativeToken?.symbol ?? ""} into ${pool.stakingToken.symbol}`
    : id === "approve"
      ? `Approve ${amount} ${pool.stakingToken.symbol}`
      : `Stake ${amount} ${pool.stakingToken.symbol}`;

function StakeForm({ env, pool, state, account }: FormProps) {
  const config = useConfig();
  const modal = useWalletModal();
  const run = useTransactionRunner(env);
  const st = pool.stakingToken;
  const [source, setSource] = useState<"native" | "token">(pool.nativeToken ? "native" : "token");
  const sourceToken =
    source === "native" && pool.nativeToken ? pool.nativeToken : { symbol: st.symbol, decimals: st.decimals };
  const balance = source === "native" ? state.account?.native : state.account?.wallet;
  const [steps, setSteps] = useState<Step[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ctx = useRef<AmountsContext<"amount">>({ amount: { token: sourceToken } });
  ctx.current = { amount: { token: sourceToken, balance: account ? balance : undefined } };
  const form = useForm<{ amount: string }>({
    mode: "onChange",
    defaultValues: { amount: "" },
    resolver: amountsResolver(() => ctx.current),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-validate when the balance or source changes
  useEffect(() => {
    if (form.getValues("amount")) void form.trigger();
  }, [balance, source]);
  const busy = steps?.some((s) => s.status === "active") ?? false;

  async function submit({ amount }: { amount: string }) {
    if (!account) return;
    const parsed = parseAmount(amount, st.decimals);
    if (!parsed.ok) return;
    setError(null);
    const value = parsed.value;
    const text = formatAmount(value, st.decimals);
    const allowance = await readContract(config, {
      address: st.address,
      abi: erc20Abi,
      functionName: "allowance",
      args: [account, pool.address],
      chainId: env.chainId,
    });
    const plan = stakeSteps({ fromNative: source === "native", allowance, amount: value });
    let current: Step[] = plan.map((id) => ({ id, label: STEP_LABEL(pool, id, text), status: "waiting" }));
    const mark = (id: string, status: Step["status"]) => {
      current = current.map((s) => (s.id === id ? { ...s, status } : s));
      setSteps(current);
    };
    setSteps(current);
    for (const id of plan) {
      mark(id, "active");
      try {
        if (id === "wrap") {
          await run({
            label: STEP_LABEL(pool, id, text),
            address: st.address,
            abi: wrappedNativeAbi,
            functionName: "deposit",
            args: [],
            value,
          });
        } else if (id === "approve") {
          await run({
            label: STEP_LABEL(pool, id, text),
            address: st.address,
            abi: erc20Abi,
            functionName: "approve",
            args: [pool.address, value],
          });
        } else {
          await run({
            label: STEP_LABEL(pool, id, text),
            address: pool.address,
            abi: stakingRewardsAbi,
            functionName: "stake",
            args: [value],
          });
        }
        mark(id, "done");
      } catch (err) {
        mark(id, "failed");
        setError(err instanceof TxError ? err.message : String(err));
        return;
      }
    }
    form.reset({ amount: "" });
  }

  const errorText = form.formState.errors.amount?.message;
  const amount = form.watch("amount");
  const max =
    balance === undefined
      ? undefined
      : source === "native"
        ? balance > GAS_RESERVE
          ? balance - GAS_RESERVE
          : 0n
        : balance;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="flex flex-col gap-3"
      data-testid="stake-form"
    >
      {pool.nativeToken ? (
        <div className="flex flex-wrap gap-2 text-sm" role="radiogroup" aria-label="Stake from">
          {(["native", "token"] as const).map((src) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons
            <button
              key={src}
              type="button"
              role="radio"
              aria-checked={source === src}
              onClick={() => setSource(src)}
              className={cn(
                "h-8 rounded-control border px-3",
                source === src ? "border-gold text-gold" : "border-border text-muted hover:text-text",
              )}
            >
              {src === "native" ? `${pool.nativeToken?.symbol} (wrapped for you)` : st.symbol}
            </button>
          ))}
        </div>
      ) : null}
      <label
        className={cn(
          "flex flex-col gap-1 rounded-control border bg-bg p-3",
          errorText ? "border-danger" : "border-border",
        )}
      >
        <span className="flex justify-between text-sm text-muted">
          <span>Amount to stake</span>
          <span className="flex items-center gap-2 tabular">
            {account && balance !== undefined
              ? `Wallet ${formatAmount(balance, sourceToken.decimals, 4)} ${sourceToken.symbol}`
              : ""}
            {max !== undefined && max > 0n ? (
              <button
                type="button"
                className="rounded-control px-1.5 text-xs font-semibold text-gold hover:bg-raised"
                onClick={() =>
                  form.setValue("amount", formatAmount(max, 18, 18).replaceAll(",", ""), {
                    shouldValidate: true,
                  })
                }
              >
                Max
              </button>
            ) : null}
          </span>
        </span>
        <input
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          data-testid="stake-amount"
          aria-invalid={errorText ? true : undefined}
          {...form.register("amount", { setValueAs: (v: string) => v.replace(",", ".") })}
          className="tabular bg-transparent text-xl focus:outline-none"
        />
        {errorText ? (
          <span role="alert" className="text-xs text-danger" data-testid="stake-amount-error">
            {errorText}
          </span>
        ) : null}
      </label>
      {steps ? <Stepper steps={steps} /> : null}
      {account ? (
        <Button
          type="submit"
          size="lg"
          disabled={busy || !amount || Boolean(errorText)}
          data-testid="stake-submit"
        >
          {busy ? "Staking…" : source === "native" && pool.nativeToken ? `Wrap and stake` : "Stake"}
        </Button>
      ) : (
        <Button size="lg" onClick={() => modal.open()}>
          Connect wallet
        </Button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="stake-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function UnstakeForm({ env, pool, state, account }: FormProps) {
  const run = useTransactionRunner(env);
  const st = pool.stakingToken;
  const staked = state.account?.staked;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ctx = useRef<AmountsContext<"amount">>({ amount: { token: st } });
  ctx.current = { amount: { token: st, balance: account ? staked : undefined } };
  const form = useForm<{ amount: string }>({
    mode: "onChange",
    defaultValues: { amount: "" },
    resolver: amountsResolver(() => ctx.current),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-validate when the stake changes
  useEffect(() => {
    if (form.getValues("amount")) void form.trigger();
  }, [staked]);
  const errorText = form.formState.errors.amount?.message?.replace(
    /^Insufficient .* balance$/,
    "You cannot unstake more than you have staked",
  );
  const amount = form.watch("amount");

  async function submit({ amount }: { amount: string }) {
    const parsed = parseAmount(amount, st.decimals);
    if (!parsed.ok) return;
    setBusy(true);
    setError(null);
    try {
      await run({
        label: `Unstake ${formatAmount(parsed.value, st.decimals)} ${st.symbol}`,
        address: pool.address,
        abi: stakingRewardsAbi,
        functionName: "withdraw",
        args: [parsed.value],
      });
      form.reset({ amount: "" });
    } catch (err) {
      setError(err instanceof TxError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="flex flex-col gap-3"
      data-testid="unstake-form"
    >
      <label
        className={cn(
          "flex flex-col gap-1 rounded-control border bg-bg p-3",
          errorText ? "border-danger" : "border-border",
        )}
      >
        <span className="flex justify-between text-sm text-muted">
          <span>Amount to unstake</span>
          <span className="flex items-center gap-2 tabular">
            {staked !== undefined ? `Staked ${formatAmount(staked, st.decimals, 4)}` : ""}
            {staked !== undefined && staked > 0n ? (
              <button
                type="button"
                className="rounded-control px-1.5 text-xs font-semibold text-gold hover:bg-raised"
                onClick={() =>
                  form.setValue(
                    "amount",
                    formatAmount(staked, st.decimals, st.decimals).replaceAll(",", ""),
                    { shouldValidate: true },
                  )
                }
              >
                All
              </button>
            ) : null}
          </span>
        </span>
        <input
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          data-testid="unstake-amount"
          aria-invalid={errorText ? true : undefined}
          {...form.register("amount", { setValueAs: (v: string) => v.replace(",", ".") })}
          className="tabular bg-transparent text-xl focus:outline-none"
        />
        {errorText ? (
          <span role="alert" className="text-xs text-danger">
            {errorText}
          </span>
        ) : null}
      </label>
      <Button
        type="submit"
        size="lg"
        disabled={!account || busy || !amount || Boolean(errorText)}
        data-testid="unstake-submit"
      >
        {busy ? "Unstaking…" : "Unstake"}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
