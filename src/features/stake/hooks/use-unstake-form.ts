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
import { type ResumeMemory, useResume, useResumeMemory } from "./use-resume";

export type UnstakeRequest = { amount: string; unwrap: boolean };

/**
 * Unstake form: an amount up to the current stake, submitted as one withdraw, followed (pools of the
 * wrapped native coin, "Unwrap" on by default) by an unwrap of exactly that amount, so what was staked
 * as AURUM comes back as AURUM. After a rejected unwrap, the button finishes the unwrap only, also
 * once the form was unmounted and mounted again (`memory`: the card's, use-resume.ts).
 */
export function useUnstakeForm(
  env: AmmEnv,
  pool: StakePool,
  state: StakePoolState,
  account: Address | undefined,
  memory?: ResumeMemory<UnstakeRequest>,
) {
  const tx = useTxSteps(env);
  const f = useFormat();
  const st = pool.stakingToken;
  const staked = state.account?.staked;
  const own = useResumeMemory<UnstakeRequest>();
  const resume = useResume(tx, memory ?? own);
  const [unwrap, setUnwrap] = useState(resume.partial?.unwrap ?? true);
  const keyOf = (value: string) => {
    const p = parseAmount(value, st.decimals);
    return p.ok && account ? `${account}:${p.value}:${unwrap}` : null;
  };
  const withdrawn = (value: string) => resume.confirmedFor(keyOf(value)).includes("withdraw");
  // Once this amount's withdraw confirmed, the stake it came from is gone (an "All" would now read
  // as more than staked) and only the unwrap is left: it is simulated before the wallet opens.
  const input = useAmountInput(
    (value) =>
      amountProblem(value, { token: st, balance: account && !withdrawn(value) ? staked : undefined }),
    resume.partial?.amount,
  );
  const amount = input.value;
  const errorText = input.error?.replace(
    /^Insufficient .* balance$/,
    "You cannot unstake more than you have staked",
  );
  const parsed = parseAmount(amount, st.decimals);
  const confirmed = resume.confirmedFor(keyOf(amount));
  const plan =
    parsed.ok && !errorText
      ? unstakePlan({
          amount: parsed.value,
          unwrap,
          stakingToken: st,
          nativeToken: pool.nativeToken,
          confirmed,
        })
      : null;

  const submit = input.handleSubmit(async (amount) => {
    const p = parseAmount(amount, st.decimals);
    const key = keyOf(amount);
    if (!p.ok || key === null) return;
    const { steps } = unstakePlan({
      amount: p.value,
      unwrap,
      stakingToken: st,
      nativeToken: pool.nativeToken,
      confirmed: resume.start(key, { amount, unwrap }),
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
    if (await tx.run(resume.track(key, planned))) {
      resume.forget();
      input.reset();
    }
  });

  const edit = resume.editing;

  return {
    setAmount: edit(input.set),
    staked,
    submit,
    tx,
    unwrap,
    setUnwrap: edit(setUnwrap),
    /** Shown before confirming: what arrives in the wallet. */
    receive: plan?.receive,
    submitLabel: confirmed.includes("withdraw")
      ? "Unwrap"
      : unwrap && pool.nativeToken
        ? "Unstake and unwrap"
        : "Unstake",
    setAll: edit(() => {
      if (staked !== undefined) input.set(toInputString(staked, st.decimals));
    }),
    errorText: errorText ?? undefined,
    amount,
  };
}
