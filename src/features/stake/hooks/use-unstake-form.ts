"use client";

import { useState } from "react";
import type { Address } from "viem";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";
import type { AmmEnv } from "@/features/tokens";
import { parseAmount, toInputString } from "@/lib/amount";
import { amountProblem } from "@/lib/amount-form";
import { useFormat } from "@/lib/locale";
import { type PlannedStep, useTxSteps } from "@/web3";
import { unstakePlan } from "../plan";
import type { StakePool } from "../pools";
import type { StakePoolState } from "../queries";
import { useAmountInput } from "./use-amount-input";

/**
 * Unstake form: an amount up to the current stake, submitted as one withdraw, followed (pools of the
 * wrapped native coin, "Unwrap" on by default) by an unwrap of exactly that amount, so what was staked
 * as AURUM comes back as AURUM.
 */
export function useUnstakeForm(
  env: AmmEnv,
  pool: StakePool,
  state: StakePoolState,
  account: Address | undefined,
) {
  const tx = useTxSteps(env);
  const f = useFormat();
  const st = pool.stakingToken;
  const staked = state.account?.staked;
  const [unwrap, setUnwrap] = useState(true);
  const input = useAmountInput((value) =>
    amountProblem(value, { token: st, balance: account ? staked : undefined }),
  );
  const amount = input.value;
  const errorText = input.error?.replace(
    /^Insufficient .* balance$/,
    "You cannot unstake more than you have staked",
  );
  const parsed = parseAmount(amount, st.decimals);
  const plan =
    parsed.ok && !errorText
      ? unstakePlan({ amount: parsed.value, unwrap, stakingToken: st, nativeToken: pool.nativeToken })
      : null;

  const submit = input.handleSubmit(async (amount) => {
    const p = parseAmount(amount, st.decimals);
    if (!p.ok) return;
    const { steps } = unstakePlan({
      amount: p.value,
      unwrap,
      stakingToken: st,
      nativeToken: pool.nativeToken,
    });
    const text = f.token(p.value, st.decimals, { symbol: st.symbol });
    const planned: PlannedStep[] = steps.map((id) =>
      id === "withdraw"
        ? {
            id,
            label: `Unstake ${text}`,
            address: pool.address,
            abi: stakingRewardsAbi,
            functionName: "withdraw",
            args: [p.value],
          }
        : {
            id,
            label: `Unwrap ${text} into ${pool.nativeToken?.symbol ?? ""}`,
            address: st.address,
            abi: wrappedNativeAbi,
            functionName: "withdraw",
            args: [p.value],
          },
    );
    if (await tx.run(planned)) input.reset();
  });

  // Any edit makes the last attempt's error stale (as in the swap form).
  const edit =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...a: A) => {
      tx.setError(null);
      fn(...a);
    };

  return {
    setAmount: edit(input.set),
    staked,
    submit,
    tx,
    unwrap,
    setUnwrap: edit(setUnwrap),
    /** Shown before confirming: what arrives in the wallet. */
    receive: plan?.receive,
    setAll: edit(() => {
      if (staked !== undefined) input.set(toInputString(staked, st.decimals));
    }),
    errorText: errorText ?? undefined,
    amount,
  };
}
