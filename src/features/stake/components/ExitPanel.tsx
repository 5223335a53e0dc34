"use client";

import { useFormat } from "@/lib/locale";
import { Button, Stepper } from "@/ui";
import { useReportBusy } from "@/web3";
import { type ExitMemory, useExit } from "../hooks/use-exit";
import type { StakeFormProps } from "./StakeForms";
import { UnwrapChoice } from "./UnwrapChoice";

/**
 * The confirmation Exit opens: unwrap or not (pools of the wrapped native coin, on by default), what
 * arrives in the wallet, then the steps. Inline rather than a dialog, like the stake and unstake
 * steppers (docs/ARCHITECTURE.md, "Web3 layer"). After the exit confirmed and its unwrap did not,
 * the stake reads 0 but the returned WAURUM still waits: the panel offers that unwrap alone.
 */
export function ExitPanel({
  env,
  pool,
  state,
  account,
  earned,
  onClaimed,
  onClose,
  memory,
  onBusy,
}: StakeFormProps & {
  earned: bigint;
  onClaimed: (blockNumber: bigint) => void;
  onClose: (how: { cancelled: boolean }) => void;
  memory?: ExitMemory;
  onBusy?: (busy: boolean) => void;
}) {
  const x = useExit(env, pool, state, account, onClaimed, memory);
  const f = useFormat();
  const rt = pool.rewardToken;
  const st = pool.stakingToken;
  const busy = x.tx.pending;
  useReportBusy(busy, onBusy);
  const unwrapping = x.unwrap && x.canUnwrap;
  const left = x.toUnwrap;
  return (
    <div
      id={`stake-exit-panel-${pool.id}`}
      className="flex flex-col gap-3 rounded-control border border-gold/40 bg-bg p-3"
      data-testid="exit-panel"
    >
      <p className="text-sm font-semibold">Unstake everything and claim the rewards</p>
      <UnwrapChoice
        nativeSymbol={pool.nativeToken?.symbol}
        checked={x.unwrap}
        onChange={x.setUnwrap}
        disabled={busy}
        testId="exit-unwrap"
      />
      {left !== null ? (
        <p className="text-sm text-muted" data-testid="exit-unwrap-left">
          Your exit confirmed and returned{" "}
          <span className="text-text tabular">{f.token(left, st.decimals, { symbol: st.symbol })}</span>:
          unwrap it into {pool.nativeToken?.symbol}.
        </p>
      ) : x.receive ? (
        <p className="text-sm text-muted" data-testid="exit-receive">
          You will receive{" "}
          <span className="text-text tabular">
            {f.token(x.receive.amount, x.receive.decimals, { symbol: x.receive.symbol })}
          </span>{" "}
          + the rewards{" "}
          <span className="text-text tabular">
            ≈ {f.token(earned, rt.decimals, { symbol: rt.symbol, maxDecimals: 4 })}
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted">You have nothing staked in this pool.</p>
      )}
      {x.freshStake !== null ? (
        <p className="text-sm text-gold" role="status" data-testid="exit-changed">
          Your stake changed since the page last read it: the steps use{" "}
          {f.token(x.freshStake, pool.stakingToken.decimals, { symbol: pool.stakingToken.symbol })}.
        </p>
      ) : null}
      {x.tx.steps ? <Stepper steps={x.tx.steps} testId="exit-stepper" /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={!account || busy || (!x.receive && left === null)}
          onClick={async () => {
            if (await x.run()) onClose({ cancelled: false });
          }}
          data-testid="exit-confirm"
        >
          {left !== null
            ? busy
              ? "Unwrapping…"
              : "Unwrap"
            : busy
              ? "Exiting…"
              : unwrapping
                ? "Exit and unwrap"
                : "Exit"}
        </Button>
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => onClose({ cancelled: true })}>
          Cancel
        </Button>
      </div>
      {x.tx.error ? (
        <p role="alert" className="text-sm text-danger" data-testid="exit-error">
          {x.tx.error}
        </p>
      ) : null}
    </div>
  );
}
