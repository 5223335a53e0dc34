"use client";

import { useId } from "react";
import type { Address } from "viem";
import { type AmmEnv, TokenIcon } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { Button, cn } from "@/ui";
import { useWalletModal } from "@/wallet-modal";
import { useReportBusy } from "@/web3";
import { useRemoveLiquidity } from "../hooks/use-remove-liquidity";
import type { PoolWithPosition } from "../queries";
import { DEFAULT_SLIPPAGE_BPS, minimumReceived } from "../slippage";

export function RemoveLiquidityForm(props: {
  env: AmmEnv;
  pool: PoolWithPosition;
  account: Address | undefined;
  onBusy?: (busy: boolean) => void;
}) {
  const { account, pool, onBusy } = props;
  const f = useRemoveLiquidity(props.env, pool, account);
  const fmt = useFormat();
  const modal = useWalletModal();
  const errorId = useId();
  const busy = f.tx.pending;
  // The panel keeps its pool and tab while this runs (LiquidityPanel).
  useReportBusy(busy, onBusy);
  const [a, b] = f.sides;
  if (account && pool.lpBalance === 0n) {
    return (
      <p className="py-6 text-center text-sm text-muted">
        You have no liquidity in this pool. Add some first.
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void f.submit();
      }}
      className="flex flex-col gap-3"
      data-testid="remove-liquidity"
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">Amount</span>
          <input
            inputMode="numeric"
            value={f.percent}
            onChange={(e) => f.setPercent(e.target.value.trim())}
            aria-invalid={f.pctError ? true : undefined}
            aria-describedby={f.pctError ? errorId : undefined}
            data-testid="remove-percent"
            className={cn(
              "tabular h-9 w-20 rounded-control border bg-bg px-2 text-right focus:outline-none",
              f.pctError ? "border-danger" : "border-border",
            )}
          />
          <span className="text-muted">%</span>
        </label>
        {[25, 50, 75, 100].map((p) => (
          <button
            key={p}
            type="button"
            onClick={() => f.setPercent(String(p))}
            className={cn(
              "h-8 rounded-control border px-2 text-xs",
              f.percent === String(p) ? "border-gold text-gold" : "border-border text-muted hover:text-text",
            )}
          >
            {p === 100 ? "Max" : `${p} %`}
          </button>
        ))}
      </div>
      {f.pctError ? (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {f.pctError}
        </p>
      ) : null}
      <div className="rounded-control border border-border bg-bg p-3 text-sm">
        <p className="mb-2 text-muted">You receive at least (1 % slippage)</p>
        {(
          [
            [a, f.outA],
            [b, f.outB],
          ] as const
        ).map(([side, amount]) => (
          <p key={side.token.id} className="flex items-center justify-between">
            <span className="flex items-center gap-2">
              <TokenIcon id={side.token.id} size={18} /> {side.token.symbol}
            </span>
            <span className="tabular">
              {fmt.token(minimumReceived(amount, DEFAULT_SLIPPAGE_BPS), side.token.decimals)}
            </span>
          </p>
        ))}
      </div>
      {/* Without an account the button opens the wallet modal, as swap and stake do. */}
      <Button
        type={account ? "submit" : "button"}
        size="lg"
        disabled={Boolean(account) && (Boolean(f.pctError) || f.liquidity === 0n || Boolean(f.busyLabel))}
        onClick={account ? undefined : () => modal.open()}
        data-testid="remove-liquidity-submit"
      >
        {f.busyLabel ?? (account ? "Remove liquidity" : "Connect your wallet to remove liquidity")}
      </Button>
      {f.tx.error ? (
        <p role="alert" className="text-sm text-danger">
          {f.tx.error}
        </p>
      ) : null}
    </form>
  );
}
