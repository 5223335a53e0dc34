"use client";

import { useCallback, useEffect, useReducer } from "react";
import { applyRead, claimed, type EarnedRead, type EarnedTicker, tick } from "../earned-ticker";
import { STAKE_REFETCH_MS, type StakePoolState } from "../queries";

const HORIZON_SECONDS = STAKE_REFETCH_MS / 1000;
const TICK_MS = 250;

function toRead(s: StakePoolState): EarnedRead | undefined {
  if (!s.account) return undefined;
  return {
    blockNumber: s.blockNumber,
    blockTime: Number(s.readAt),
    chainNowAtRead: s.chainNow,
    wallAtReadMs: s.fetchedAtMs,
    earned: s.account.earned,
    staked: s.account.staked,
    totalSupply: s.totalSupply,
    rewardRate: s.rewardRate,
    periodFinish: Number(s.periodFinish),
    rewardPerTokenStored: s.rewardPerTokenStored,
    rewardPerTokenRemainder: s.rewardPerTokenRemainder,
    lastUpdateTime: Number(s.lastUpdateTime),
    userRewardPerTokenPaid: s.account.userRewardPerTokenPaid,
    rewards: s.account.rewards,
  };
}

type State = { key: string; ticker: EarnedTicker } | null;
type Action =
  | { type: "read"; key: string; read: EarnedRead; now: number }
  | { type: "tick"; now: number }
  | { type: "claimed"; blockNumber: bigint };

function reducer(s: State, a: Action): State {
  switch (a.type) {
    case "read": {
      // Another pool or account starts a new counter.
      const prev = s?.key === a.key ? s.ticker : undefined;
      return { key: a.key, ticker: applyRead(prev, a.read, a.now, HORIZON_SECONDS) };
    }
    case "tick": {
      const next = s && tick(s.ticker, a.now, HORIZON_SECONDS);
      return s && next !== s.ticker ? { key: s.key, ticker: next as EarnedTicker } : s;
    }
    case "claimed":
      return s && { key: s.key, ticker: claimed(s.ticker, a.blockNumber) };
  }
}

/**
 * The live Earned value of one pool for one account (the rules are in earned-ticker.ts): fed by every
 * read, ticking four times a second, reset by `markClaimed` once our claim has confirmed.
 * `key` (pool + account) starts a new counter when either changes.
 */
export function useEarned(state: StakePoolState | undefined, key: string) {
  const [current, dispatch] = useReducer(reducer, null);

  useEffect(() => {
    const read = state && toRead(state);
    if (read) dispatch({ type: "read", key, read, now: Date.now() });
  }, [state, key]);

  useEffect(() => {
    const t = setInterval(() => dispatch({ type: "tick", now: Date.now() }), TICK_MS);
    return () => clearInterval(t);
  }, []);

  const markClaimed = useCallback((blockNumber: bigint) => dispatch({ type: "claimed", blockNumber }), []);
  const earned = state?.account && current?.key === key ? current.ticker.shown : undefined;
  return { earned, markClaimed };
}
