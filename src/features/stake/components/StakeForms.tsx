"use client";

import type { Address } from "viem";
import type { AmmEnv } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { AmountField, Button, cn, Stepper } from "@/ui";
import { useWalletModal } from "@/wallet-modal";
import { useReportBusy } from "@/web3";
import type { ResumeMemory } from "../hooks/use-resume";
import { type StakeRequest, useStakeForm } from "../hooks/use-stake-form";
import { type UnstakeRequest, useUnstakeForm } from "../hooks/use-unstake-form";
import type { StakePool } from "../pools";
import type { StakePoolState } from "../queries";
import { UnwrapChoice } from "./UnwrapChoice";

export type StakeFormProps = {
  env: AmmEnv;
  pool: StakePool;
  state: StakePoolState;
  account: Address | undefined;
};

/** What the pool card gives a form it may unmount: where its resume memory lives, and a busy report. */
type CardLink<R> = { memory?: ResumeMemory<R>; onBusy?: (busy: boolean) => void };

export function StakeForm({
  env,
  pool,
  state,
  account,
  memory,
  onBusy,
}: StakeFormProps & CardLink<StakeRequest>) {
  const modal = useWalletModal();
  const f = useStakeForm(env, pool, state, account, memory);
  const fmt = useFormat();
  const st = pool.stakingToken;
  const busy = f.tx.pending;
  useReportBusy(busy, onBusy);
  return (
    <form noValidate onSubmit={f.submit} className="flex flex-col gap-3" data-testid="stake-form">
      {pool.nativeToken ? (
        <div className="flex flex-wrap gap-2 text-sm" role="radiogroup" aria-label="Stake from">
          {(["native", "token"] as const).map((src) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons
            <button
              key={src}
              type="button"
              role="radio"
              aria-checked={f.source === src}
              onClick={() => f.setSource(src)}
              className={cn(
                "h-8 rounded-control border px-3",
                f.source === src ? "border-gold text-gold" : "border-border text-muted hover:text-text",
              )}
            >
              {src === "native" ? `${pool.nativeToken?.symbol} (wrapped for you)` : st.symbol}
            </button>
          ))}
        </div>
      ) : null}
      <AmountField
        label="Amount to stake"
        testId="stake-amount"
        balance={
          account && f.balance !== undefined
            ? `Wallet ${fmt.balance(f.balance, f.sourceToken.decimals, { symbol: f.sourceToken.symbol })}`
            : ""
        }
        onMax={f.max !== undefined && f.max > 0n ? f.setMax : undefined}
        maxAriaLabel={`Max ${f.sourceToken.symbol} to stake`}
        value={f.amount}
        onValueChange={f.setAmount}
        error={f.errorText}
      />
      {f.tx.steps ? <Stepper steps={f.tx.steps} testId="stake-stepper" /> : null}
      {account ? (
        <Button
          type="submit"
          size="lg"
          disabled={busy || !f.amount || Boolean(f.errorText)}
          data-testid="stake-submit"
        >
          {busy ? "Staking…" : f.submitLabel}
        </Button>
      ) : (
        <Button size="lg" onClick={() => modal.open()}>
          Connect wallet
        </Button>
      )}
      {f.tx.error ? (
        <p role="alert" className="text-sm text-danger" data-testid="stake-error">
          {f.tx.error}
        </p>
      ) : null}
    </form>
  );
}

export function UnstakeForm({
  env,
  pool,
  state,
  account,
  memory,
  onBusy,
}: StakeFormProps & CardLink<UnstakeRequest>) {
  const f = useUnstakeForm(env, pool, state, account, memory);
  const fmt = useFormat();
  const st = pool.stakingToken;
  const busy = f.tx.pending;
  useReportBusy(busy, onBusy);
  return (
    <form noValidate onSubmit={f.submit} className="flex flex-col gap-3" data-testid="unstake-form">
      <AmountField
        label="Amount to unstake"
        testId="unstake-amount"
        balance={
          f.staked !== undefined ? `Staked ${fmt.token(f.staked, st.decimals, { symbol: st.symbol })}` : ""
        }
        onMax={f.staked !== undefined && f.staked > 0n ? f.setAll : undefined}
        maxLabel="All"
        maxAriaLabel={`All of your staked ${st.symbol}`}
        value={f.amount}
        onValueChange={f.setAmount}
        error={f.errorText}
      />
      <UnwrapChoice
        nativeSymbol={pool.nativeToken?.symbol}
        checked={f.unwrap}
        onChange={f.setUnwrap}
        disabled={busy}
        testId="unstake-unwrap"
      />
      {f.receive ? (
        <p className="text-sm text-muted" data-testid="unstake-receive">
          You will receive{" "}
          <span className="text-text tabular">
            {fmt.token(f.receive.amount, f.receive.decimals, { symbol: f.receive.symbol })}
          </span>
        </p>
      ) : null}
      {f.tx.steps ? <Stepper steps={f.tx.steps} testId="unstake-stepper" /> : null}
      <Button
        type="submit"
        size="lg"
        disabled={!account || busy || !f.amount || Boolean(f.errorText)}
        data-testid="unstake-submit"
      >
        {busy ? "Unstaking…" : f.submitLabel}
      </Button>
      {f.tx.error ? (
        <p role="alert" className="text-sm text-danger">
          {f.tx.error}
        </p>
      ) : null}
    </form>
  );
}
