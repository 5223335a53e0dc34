"use client";

import { useState } from "react";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";
import type { AmmEnv } from "@/features/tokens";
import { NATIVE_GAS_RESERVE, parseAmount, spendable, toInputString } from "@/lib/amount";
import { amountProblem } from "@/lib/amount-form";
import { useFormat } from "@/lib/locale";
import { approveStep, type PlannedStep, readAllowance, useTxSteps } from "@/web3";
import { type StakeStepId, stakeSteps } from "../plan";
import type { StakePool } from "../pools";
import type { StakePoolState } from "../queries";
import { useAmountInput } from "./use-amount-input";
import { type ResumeMemory, useResume, useResumeMemory } from "./use-resume";

type Source = "native" | "token";
export type StakeRequest = { amount: string; source: Source };

const stepLabel = (pool: StakePool, id: StakeStepId, amount: string) =>
  id === "wrap"
    ? `Wrap ${amount} ${pool.nativeToken?.symbol ?? ""} into ${pool.stakingToken.symbol}`
    : id === "approve"
      ? `Approve ${amount} ${pool.stakingToken.symbol}`
      : `Stake ${amount} ${pool.stakingToken.symbol}`;

/**
 * Stake form: from the native coin (wrapped for the user) or the staking token, validated against
 * the live wallet balance; submitted as wrap → exact approval of the shortfall → stake. After a
 * rejected approval or stake, the button resumes without wrapping again, also once the form was
 * unmounted and mounted again (`memory`: the card's, use-resume.ts), showing that request again.
 */
export function useStakeForm(
  env: AmmEnv,
  pool: StakePool,
  state: StakePoolState,
  account: Address | undefined,
  memory?: ResumeMemory<StakeRequest>,
) {
  const config = useConfig();
  const tx = useTxSteps(env);
  const f = useFormat();
  const st = pool.stakingToken;
  const own = useResumeMemory<StakeRequest>();
  const resume = useResume(tx, memory ?? own);
  const [source, setSource] = useState<Source>(
    resume.partial?.source ?? (pool.nativeToken ? "native" : "token"),
  );
  const sourceToken =
    source === "native" && pool.nativeToken ? pool.nativeToken : { symbol: st.symbol, decimals: st.decimals };
  const balance = source === "native" ? state.account?.native : state.account?.wallet;
  // Staking from the native coin keeps the wrap's, approval's and stake's network fees back.
  const gasReserve = source === "native" ? NATIVE_GAS_RESERVE : 0n;
  const keyOf = (value: string) => {
    const p = parseAmount(value, st.decimals);
    return p.ok && account ? `${account}:${p.value}:${source}` : null;
  };
  const wrapped = (value: string) => resume.confirmedFor(keyOf(value)).includes("wrap");
  // Once this amount's wrap confirmed, the native balance no longer holds it (a Max would now read
  // as insufficient) and what is left spends the wrapped token: it is simulated before the wallet opens.
  const input = useAmountInput(
    (value) =>
      amountProblem(value, {
        token: sourceToken,
        balance: account && !wrapped(value) ? balance : undefined,
        gasReserve,
      }),
    resume.partial?.amount,
  );

  async function plan(value: bigint, owner: Address, confirmed: readonly string[]): Promise<PlannedStep[]> {
    const text = f.token(value, st.decimals);
    const allowance = await readAllowance(config, {
      chainId: env.chainId,
      token: st.address,
      owner,
      spender: pool.address,
    });
    return stakeSteps({ fromNative: source === "native", allowance, amount: value, confirmed }).map((id) => {
      const label = stepLabel(pool, id, text);
      if (id === "wrap") {
        return {
          id,
          label,
          address: st.address,
          abi: wrappedNativeAbi,
          functionName: "deposit",
          args: [],
          value,
        };
      }
      if (id === "approve") {
        return { id, ...approveStep({ token: st.address, spender: pool.address, amount: value }, label) };
      }
      return {
        id,
        label,
        address: pool.address,
        abi: stakingRewardsAbi,
        functionName: "stake",
        args: [value],
      };
    });
  }

  const submit = input.handleSubmit(async (amount) => {
    const parsed = parseAmount(amount, st.decimals);
    const key = keyOf(amount);
    if (!account || !parsed.ok || key === null) return;
    const confirmed = resume.start(key, { amount, source });
    if (await tx.run(async () => resume.track(key, await plan(parsed.value, account, confirmed)))) {
      resume.forget();
      input.reset();
    }
  });

  const max = balance === undefined ? undefined : spendable(balance, gasReserve);
  const edit = resume.editing;
  const setMax = edit(() => {
    if (max !== undefined) input.set(toInputString(max, 18));
  });

  return {
    setAmount: edit(input.set),
    source,
    setSource: edit(setSource),
    sourceToken,
    balance,
    max,
    setMax,
    submit,
    tx,
    submitLabel:
      source === "native" && pool.nativeToken && !wrapped(input.value) ? "Wrap and stake" : "Stake",
    errorText: input.error ?? undefined,
    amount: input.value,
  };
}
