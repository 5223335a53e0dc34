"use client";

import { useEffect, useState } from "react";
import { useConnection } from "wagmi";
import { type AmmEnv, TokenIcon, usePrices } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { useDeferredAnswer } from "@/lib/use-deferred-answer";
import { Card, SegmentedTabs, Skeleton } from "@/ui";
import { useMounted } from "@/wallet-modal";
import { useEarned } from "../hooks/use-earned";
import { unwrapLeft } from "../hooks/use-exit";
import { useResumeMemory } from "../hooks/use-resume";
import type { StakeRequest } from "../hooks/use-stake-form";
import type { UnstakeRequest } from "../hooks/use-unstake-form";
import type { StakePool } from "../pools";
import { type StakePoolState, useStakePool } from "../queries";
import { aprPercent, formatCountdown } from "../rewards";
import { ClaimButtons, exitButtonId } from "./ClaimButtons";
import { ExitPanel } from "./ExitPanel";
import { StakeForm, UnstakeForm } from "./StakeForms";

/** The chain's time now, from the last read's measured offset to the browser clock (queries.ts). */
function chainNow(state: StakePoolState | undefined) {
  if (!state) return Math.floor(Date.now() / 1000);
  return state.chainNow + (Date.now() - state.fetchedAtMs) / 1000;
}

/** Re-renders every `ms` (the countdown). */
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
  const [exitOpen, setExitOpen] = useState(false);
  // Kept here, not in the forms: a tab switch or a closed Exit unmounts them (use-resume.ts).
  const stakeMemory = useResumeMemory<StakeRequest>();
  const unstakeMemory = useResumeMemory<UnstakeRequest>();
  const exitMemory = useResumeMemory<bigint>();
  const [formBusy, setFormBusy] = useState(false);
  const [exitBusy, setExitBusy] = useState(false);
  const f = useFormat();
  // The pool's answer mounts the figures and both forms: a deferred pass (one long task otherwise).
  const s = useDeferredAnswer(state.data).data;
  const { earned, markClaimed } = useEarned(s, `${pool.address}:${account ?? ""}`);
  useTicker(1000);

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
  const st = pool.stakingToken;
  const rt = pool.rewardToken;
  // Prices come from the pools against tUSD (features/tokens), so a value is in tUSD, never "$".
  const value = (amount: bigint, decimals: number, price: number | undefined) =>
    price === undefined ? "" : ` · ${f.tusd((Number(amount) / 10 ** decimals) * price)}`;

  return (
    <Card data-testid={`stake-pool-${pool.id}`}>
      <div className="mb-4 flex items-start justify-between gap-3">
        {/* Two lines reserved on phones, where the titles wrap once Inter has loaded (the fallback
            font is a little narrower, and a title that fitted one line moved the card's content). */}
        <h2 className="flex items-center gap-2 text-base font-semibold max-sm:min-h-12">
          <TokenIcon id={st.icon} size={24} />
          Stake {st.symbol}, earn {rt.symbol}
        </h2>
        <span
          // A minimum width so "APR …" while loading and "APR —"/"APR 12.3%" once read take the same
          // room: the title beside it keeps its line breaks (no layout shift at 390 px).
          className="min-w-[5.5rem] shrink-0 rounded-control border border-border px-2 py-0.5 text-center text-sm tabular"
          data-testid="stake-apr"
        >
          APR {apr === undefined ? "…" : apr === null ? "—" : f.percent(apr / 100)}
        </span>
      </div>
      {!s ? (
        <PoolCardSkeleton withSource={Boolean(pool.nativeToken)} />
      ) : (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <Stat label="Total staked">
              {f.token(s.totalSupply, st.decimals, { symbol: st.symbol })}
              <span className="text-muted">{value(s.totalSupply, st.decimals, stakePrice)}</span>
            </Stat>
            <Stat label="Rewards">
              {f.token(s.rewardRate * 86_400n, rt.decimals, { symbol: rt.symbol })} / day
            </Stat>
            <Stat label="Period ends in">
              <span data-testid="stake-countdown">{formatCountdown(Number(s.periodFinish) - now)}</span>
            </Stat>
            <Stat label="Your stake">
              <span data-testid="stake-staked">
                {s.account ? f.token(s.account.staked, st.decimals, { symbol: st.symbol }) : "—"}
              </span>
            </Stat>
          </dl>
          <div className="flex flex-col gap-3 rounded-control border border-border bg-bg p-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="text-sm text-muted">Earned</p>
              <p className="text-xl font-semibold tabular text-gold" data-testid="stake-earned">
                {earned === undefined
                  ? "—"
                  : f.token(earned, rt.decimals, { symbol: rt.symbol, maxDecimals: 4 })}
              </p>
            </div>
            <ClaimButtons
              env={env}
              pool={pool}
              state={s}
              account={account}
              earned={earned ?? 0n}
              onClaimed={markClaimed}
              exitOpen={exitOpen}
              onToggleExit={() => setExitOpen((o) => !o)}
              exitRunning={exitBusy}
              unwrapLeft={unwrapLeft(exitMemory[0], pool, account) !== null}
            />
          </div>
          {exitOpen ? (
            <ExitPanel
              env={env}
              pool={pool}
              state={s}
              account={account}
              earned={earned ?? 0n}
              onClaimed={markClaimed}
              memory={exitMemory}
              onBusy={setExitBusy}
              onClose={({ cancelled }) => {
                setExitOpen(false);
                // Cancelled: back to the button that opened it (after an exit it is disabled).
                if (cancelled) document.getElementById(exitButtonId(pool.id))?.focus();
              }}
            />
          ) : null}
          {/* A disabled fieldset disables the tabs in it (SegmentedTabs has no prop of its own). */}
          <fieldset disabled={formBusy} className="min-w-0 disabled:opacity-60">
            <SegmentedTabs
              options={[
                { value: "stake", label: "Stake" },
                { value: "unstake", label: "Unstake" },
              ]}
              value={tab}
              onChange={setTab}
            />
          </fieldset>
          {tab === "stake" ? (
            <StakeForm
              env={env}
              pool={pool}
              state={s}
              account={account}
              memory={stakeMemory}
              onBusy={setFormBusy}
            />
          ) : (
            <UnstakeForm
              env={env}
              pool={pool}
              state={s}
              account={account}
              memory={unstakeMemory}
              onBusy={setFormBusy}
            />
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

const STAT_LABELS = ["Total staked", "Rewards", "Period ends in", "Your stake"];

/**
 * The loaded card's layout with placeholders (same stats grid, Earned panel, tabs and form rows), so
 * the card keeps its height when the pool is read and nothing below it moves (CLS on /stake).
 */
function PoolCardSkeleton({ withSource }: { withSource: boolean }) {
  return (
    <div className="flex flex-col gap-5" aria-busy="true">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {STAT_LABELS.map((label, i) => (
          <Stat key={label} label={label}>
            <Skeleton className="h-4 w-24 align-middle" label={i === 0 ? "Loading the pool" : undefined} />
          </Stat>
        ))}
      </dl>
      <div className="flex flex-col gap-3 rounded-control border border-border bg-bg p-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm text-muted">Earned</p>
          <p className="text-xl font-semibold">
            <Skeleton className="h-6 w-28 align-middle" />
          </p>
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-8 w-[4.5rem]" />
          <Skeleton className="h-8 w-14" />
        </div>
      </div>
      {/* SegmentedTabs: a border around p-1 and h-8 buttons. */}
      <Skeleton className="h-[42px] w-full" />
      <div className="flex flex-col gap-3">
        {withSource ? <Skeleton className="h-8 w-64 max-w-full" /> : null}
        {/* AmountField: label row, input row, border and padding. */}
        <Skeleton className="h-[78px] w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}
