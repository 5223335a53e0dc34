"use client";

import { useEffect, useState } from "react";
import { useConnection } from "wagmi";
import { type AmmEnv, usePrices } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { Card, SegmentedTabs } from "@/ui";
import { useMounted } from "@/wallet-modal";
import { useEarned } from "../hooks/use-earned";
import type { StakePool } from "../pools";
import { type StakePoolState, useStakePool } from "../queries";
import { aprPercent, formatCountdown } from "../rewards";
import { ClaimButtons, exitButtonId } from "./ClaimButtons";
import { ExitPanel } from "./ExitPanel";
import { StakeForm, UnstakeForm } from "./StakeForms";
import { PoolCardSkeleton, StakePoolHeader, Stat } from "./StakePoolShell";

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
  const f = useFormat();
  const { earned, markClaimed } = useEarned(state.data, `${pool.address}:${account ?? ""}`);
  useTicker(1000);

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
  const st = pool.stakingToken;
  const rt = pool.rewardToken;
  // Prices come from the pools against tUSD (features/tokens), so a value is in tUSD, never "$".
  const value = (amount: bigint, decimals: number, price: number | undefined) =>
    price === undefined ? "" : ` · ${f.tusd((Number(amount) / 10 ** decimals) * price)}`;

  return (
    <Card data-testid={`stake-pool-${pool.id}`}>
      <StakePoolHeader
        pool={pool}
        apr={apr === undefined ? "…" : apr === null ? "—" : f.percent(apr / 100)}
      />
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
              onClose={({ cancelled }) => {
                setExitOpen(false);
                // Cancelled: back to the button that opened it (after an exit it is disabled).
                if (cancelled) document.getElementById(exitButtonId(pool.id))?.focus();
              }}
            />
          ) : null}
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
