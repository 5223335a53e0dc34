"use client";

import type { Address } from "viem";
import { type AmmEnv, TokenIcon } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { AmountField, Button, Stepper } from "@/ui";
import { useWalletModal } from "@/wallet-modal";
import { useReportBusy } from "@/web3";
import { useAddLiquidity } from "../hooks/use-add-liquidity";
import type { PoolWithPosition } from "../queries";

export function AddLiquidityForm(props: {
  env: AmmEnv;
  pool: PoolWithPosition;
  account: Address | undefined;
  onBusy?: (busy: boolean) => void;
}) {
  const { account, onBusy } = props;
  const f = useAddLiquidity(props.env, props.pool, account);
  const fmt = useFormat();
  const modal = useWalletModal();
  const busy = f.tx.pending;
  // The panel keeps its pool and tab while this runs (LiquidityPanel).
  useReportBusy(busy, onBusy);
  return (
    <form noValidate onSubmit={f.submit} className="flex flex-col gap-3" data-testid="add-liquidity">
      {(["a", "b"] as const).map((field, i) => {
        const side = f.sides[i as 0 | 1];
        return (
          <AmountField
            key={field}
            label={
              <span className="flex items-center gap-2 text-text">
                <TokenIcon id={side.token.id} size={20} /> {side.token.symbol}
              </span>
            }
            ariaLabel={`${side.token.symbol} amount`}
            testId={`liquidity-${field}`}
            balance={
              account && f.balances
                ? `Balance ${fmt.balance(f.balances[side.token.id] ?? 0n, side.token.decimals)}`
                : ""
            }
            value={f.values[field]}
            onValueChange={(v) => f.typed(field, v)}
            error={f.errors[field]}
          />
        );
      })}
      <p className="text-xs text-muted">
        Amounts follow the pool price. Minimums allow 1 % price movement; the deadline is 20 minutes.
      </p>
      {f.tx.steps && f.tx.steps.length > 1 ? <Stepper steps={f.tx.steps} testId="liquidity-stepper" /> : null}
      {/* Without an account the button opens the wallet modal, as swap and stake do. */}
      <Button
        type={account ? "submit" : "button"}
        size="lg"
        disabled={Boolean(account) && (!f.ready || Boolean(f.busyLabel))}
        onClick={account ? undefined : () => modal.open()}
        data-testid="add-liquidity-submit"
      >
        {f.busyLabel ?? (account ? "Add liquidity" : "Connect your wallet to add liquidity")}
      </Button>
      {f.tx.error ? (
        <p role="alert" className="text-sm text-danger">
          {f.tx.error}
        </p>
      ) : null}
    </form>
  );
}
