"use client";

import dynamic from "next/dynamic";
import { shortenAddress } from "@/lib/address";
import { useFormat } from "@/lib/locale";
import { AmountField, Button, Card, Field, Input, Skeleton } from "@/ui";
import { useMounted, useWalletModal } from "@/wallet-modal";
import { type SendEnv, useSendForm } from "../hooks/use-send-form";

/**
 * The review step (fee estimate, name lookup, burn/contract checks) is fetched when a valid form
 * becomes a draft, not with the page: most visits never send (docs/ARCHITECTURE.md, "Wallet modal").
 */
const SendReview = dynamic(() => import("./SendReview").then((m) => m.SendReview), {
  ssr: false,
  loading: () => <Skeleton className="h-64 w-full" label="Loading the review" />,
});

export type SendFormProps = SendEnv;

/**
 * Send native coin or a test token: validated against the live balance, then reviewed (receiver,
 * fee, total, burn/contract warning) before the wallet opens.
 */
export function SendForm(props: SendFormProps) {
  // No token list means no deployment to send on (a fresh chain): say so instead of a broken form.
  if (props.tokens.length === 0) {
    return (
      <Card title="Send">
        <p className="text-sm text-muted" data-testid="send-unavailable">
          Sending opens once the testnet's contracts are deployed. Try again in a few minutes.
        </p>
      </Card>
    );
  }
  return <SendFormFields {...props} />;
}

function SendFormFields(props: SendFormProps) {
  const mounted = useMounted();
  const modal = useWalletModal();
  const f = useSendForm(props, () => modal.open());
  const { token } = f;
  const { address } = props;
  const fmt = useFormat();
  const errors = f.errors;
  const native = props.tokens.find((t) => t.isNative) ?? token;
  if (f.draft) {
    return (
      <Card title="Send">
        <SendReview
          draft={f.draft}
          from={address}
          chainId={props.chainId}
          contracts={props.contracts}
          native={native}
          price={f.price}
          busy={f.busy}
          connected={mounted && Boolean(f.walletAddress)}
          error={f.txError}
          onBack={f.back}
          onConfirm={() => void f.confirm()}
        />
        {f.balance.state === "unavailable" ? <BalanceUnchecked className="mt-3" /> : null}
        {mounted && f.wrongAccount ? (
          <p className="mt-3 text-sm text-warning" role="status">
            Your wallet has another account selected; switch to {shortenAddress(address)} to send.
          </p>
        ) : null}
      </Card>
    );
  }
  return (
    <Card title="Send">
      <form onSubmit={f.submit} noValidate className="flex flex-col gap-4" data-testid="send-form">
        <Field label="Token">
          {({ id }) => (
            <select
              id={id}
              value={token.id}
              onChange={(e) => f.pickToken(e.target.value)}
              className="h-10 w-full rounded-control border border-border bg-bg px-3 text-sm text-text focus:border-gold focus:outline-none"
              data-testid="send-token"
            >
              {props.tokens.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.symbol} — {t.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <AmountField
          label="Amount"
          testId="send-amount"
          placeholder="0.0"
          balance={
            f.balance.state === "ok" ? (
              `Balance: ${fmt.balance(f.balance.value, token.decimals, { symbol: token.symbol })}`
            ) : f.balance.state === "loading" ? (
              "Reading your balance…"
            ) : (
              <BalanceUnavailable retrying={f.balanceRetrying} onRetry={f.retryBalance} />
            )
          }
          onMax={f.balance.state === "ok" ? f.setMax : undefined}
          value={f.values.amount}
          onValueChange={(v) => f.setField("amount", v)}
          error={errors.amount}
        />
        <Field label="Receiver address" error={errors.receiver}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              autoComplete="off"
              spellCheck={false}
              placeholder="0x…"
              aria-describedby={describedBy}
              invalid={invalid}
              className="font-id"
              data-testid="send-receiver"
              value={f.values.receiver}
              onChange={(e) => f.setField("receiver", e.target.value)}
            />
          )}
        </Field>
        {f.balance.state === "unavailable" ? <BalanceUnchecked /> : null}
        {mounted && f.wrongAccount ? (
          <p className="text-sm text-warning" role="status">
            Your wallet has another account selected; switch to {shortenAddress(address)} to send.
          </p>
        ) : null}
        <Button type="submit" size="lg" data-testid="send-submit">
          {f.submitLabel}
        </Button>
      </form>
    </Card>
  );
}

/** The seed's text for a failed balance read, with a retry that reads it again at once. */
function BalanceUnavailable({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <span className="inline-flex items-center gap-2" data-testid="send-balance-unavailable">
      <span className="text-warning">Token Balance Unavailable</span>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="rounded-control px-1.5 text-xs font-semibold text-gold hover:bg-raised disabled:opacity-60"
        data-testid="send-balance-retry"
      >
        {retrying ? "Retrying…" : "Retry"}
      </button>
    </span>
  );
}

/**
 * Review stays open without a balance: the wallet shows its own and the chain refuses a transfer
 * above it, so refusing here would only block sends while the portal's read of the chain fails.
 */
function BalanceUnchecked({ className = "" }: { className?: string }) {
  return (
    <p className={`text-sm text-warning ${className}`} role="status" data-testid="send-balance-unchecked">
      Your balance could not be checked. Make sure you hold this amount, plus the network fee, before you
      confirm in your wallet.
    </p>
  );
}
