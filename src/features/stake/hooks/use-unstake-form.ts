"use client";

import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { Address } from "viem";
import { stakingRewardsAbi } from "@/chain/generated";
import type { AmmEnv } from "@/features/tokens";
import { formatAmount, parseAmount, toInputString } from "@/lib/amount";
import { type AmountsContext, amountsResolver } from "@/lib/amount-form";
import { useTxSteps } from "@/web3";
import type { StakePool } from "../pools";
import type { StakePoolState } from "../queries";

/** Unstake form: an amount up to the current stake, submitted as one withdraw. */
export function useUnstakeForm(
  env: AmmEnv,
  pool: StakePool,
  state: StakePoolState,
  account: Address | undefined,
) {
  const tx = useTxSteps(env);
  const st = pool.stakingToken;
  const staked = state.account?.staked;
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

  const submit = form.handleSubmit(async ({ amount }) => {
    const parsed = parseAmount(amount, st.decimals);
    if (!parsed.ok) return;
    const ok = await tx.run([
      {
        id: "withdraw",
        label: `Unstake ${formatAmount(parsed.value, st.decimals)} ${st.symbol}`,
        address: pool.address,
        abi: stakingRewardsAbi,
        functionName: "withdraw",
        args: [parsed.value],
      },
    ]);
    if (ok) form.reset({ amount: "" });
  });

  return {
    form,
    staked,
    submit,
    tx,
    setAll: () => {
      if (staked !== undefined)
        form.setValue("amount", toInputString(staked, st.decimals), { shouldValidate: true });
    },
    errorText: form.formState.errors.amount?.message?.replace(
      /^Insufficient .* balance$/,
      "You cannot unstake more than you have staked",
    ),
    amount: form.watch("amount"),
  };
}
