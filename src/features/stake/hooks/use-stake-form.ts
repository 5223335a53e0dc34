"use client";

import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";
import type { AmmEnv } from "@/features/tokens";
import { parseAmount, toInputString } from "@/lib/amount";
import { type AmountsContext, amountsResolver } from "@/lib/amount-form";
import { useFormat } from "@/lib/locale";
import { approveStep, type PlannedStep, readAllowance, useTxSteps } from "@/web3";
import { type StakeStepId, stakeSteps } from "../plan";
import type { StakePool } from "../pools";
import type { StakePoolState } from "../queries";

/** Native coin kept back by "Max" so the wrap and stake can pay their network fees. */
const GAS_RESERVE = 10n ** 16n;

const stepLabel = (pool: StakePool, id: StakeStepId, amount: string) =>
  id === "wrap"
    ? `Wrap ${amount} ${pool.nativeToken?.symbol ?? ""} into ${pool.stakingToken.symbol}`
    : id === "approve"
      ? `Approve ${amount} ${pool.stakingToken.symbol}`
      : `Stake ${amount} ${pool.stakingToken.symbol}`;

/**
 * Stake form: from the native coin (wrapped for the user) or the staking token, validated against
 * the live wallet balance; submitted as wrap → exact approval of the shortfall → stake.
 */
export function useStakeForm(
  env: AmmEnv,
  pool: StakePool,
  state: StakePoolState,
  account: Address | undefined,
) {
  const config = useConfig();
  const tx = useTxSteps(env);
  const f = useFormat();
  const st = pool.stakingToken;
  const [source, setSource] = useState<"native" | "token">(pool.nativeToken ? "native" : "token");
  const sourceToken =
    source === "native" && pool.nativeToken ? pool.nativeToken : { symbol: st.symbol, decimals: st.decimals };
  const balance = source === "native" ? state.account?.native : state.account?.wallet;
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

  async function plan(value: bigint, owner: Address): Promise<PlannedStep[]> {
    const text = f.token(value, st.decimals);
    const allowance = await readAllowance(config, {
      chainId: env.chainId,
      token: st.address,
      owner,
      spender: pool.address,
    });
    return stakeSteps({ fromNative: source === "native", allowance, amount: value }).map((id) => {
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

  const submit = form.handleSubmit(async ({ amount }) => {
    if (!account) return;
    const parsed = parseAmount(amount, st.decimals);
    if (!parsed.ok) return;
    if (await tx.run(() => plan(parsed.value, account))) form.reset({ amount: "" });
  });

  const max =
    balance === undefined
      ? undefined
      : source === "native"
        ? balance > GAS_RESERVE
          ? balance - GAS_RESERVE
          : 0n
        : balance;
  const setMax = () => {
    if (max !== undefined) form.setValue("amount", toInputString(max, 18), { shouldValidate: true });
  };

  return {
    form,
    source,
    setSource,
    sourceToken,
    balance,
    max,
    setMax,
    submit,
    tx,
    errorText: form.formState.errors.amount?.message,
    amount: form.watch("amount"),
  };
}
