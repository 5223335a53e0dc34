"use client";

import { useEffect, useId, useRef, useState } from "react";
import { formatUnits } from "viem";
import type { Token } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { Button } from "@/ui";
import { type SendDraft, useSendReview } from "../hooks/use-send-review";
import type { KnownContract } from "../recipient";
import { riskText } from "../recipient";

export type SendReviewProps = {
  draft: SendDraft;
  from: `0x${string}`;
  chainId: number;
  contracts: readonly KnownContract[];
  native: Pick<Token, "symbol" | "decimals">;
  /** Price of one whole token in tUSD (0 when the pools do not price it). */
  price: number;
  busy: boolean;
  connected: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
};

/**
 * The last look before the wallet opens: receiver (name and full address), amount, token, network
 * fee and total, plus a burn/contract warning the sender must acknowledge first.
 */
export function SendReview(p: SendReviewProps) {
  const { draft } = p;
  const fmt = useFormat();
  const review = useSendReview(draft, { from: p.from, chainId: p.chainId, contracts: p.contracts });
  const [acknowledged, setAcknowledged] = useState(false);
  const [ackMissing, setAckMissing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ackRef = useRef<HTMLInputElement>(null);
  const ackId = useId();
  const ackErrorId = useId();

  // The review replaces the form: move focus to it so keyboard and screen-reader users follow.
  useEffect(() => headingRef.current?.focus(), []);

  const symbol = draft.token.symbol;
  const warning = review.risk ? riskText(review.risk, symbol) : null;
  const fee = review.fee?.fee;
  const feeText = fee === undefined ? null : fmt.token(fee, p.native.decimals, { symbol: p.native.symbol });
  const amountText = `${draft.amountText} ${symbol}`;
  // Enough digits that the fee still shows next to the amount (the formatter truncates).
  const total = draft.token.isNative
    ? fee === undefined
      ? amountText
      : `≈ ${fmt.token(draft.amount + fee, draft.token.decimals, { symbol, maxDecimals: 8, significantDigits: 8 })}`
    : feeText
      ? `${amountText} + ${feeText} network fee`
      : amountText;
  const value =
    p.price > 0 && symbol !== "tUSD"
      ? fmt.tusd(Number(formatUnits(draft.amount, draft.token.decimals)) * p.price)
      : null;

  const confirm = () => {
    if (warning && !acknowledged) {
      setAckMissing(true);
      ackRef.current?.focus();
      return;
    }
    p.onConfirm();
  };

  return (
    <section aria-labelledby={`${ackId}-title`} data-testid="send-review" className="flex flex-col gap-4">
      <h3
        id={`${ackId}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="text-sm font-semibold text-text focus:outline-none"
      >
        Review before your wallet opens
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">To</dt>
        <dd className="min-w-0" data-testid="review-to">
          {review.name ? <span className="block font-medium text-text">{review.name}</span> : null}
          <span className="block break-all font-id text-xs text-text">{draft.to}</span>
        </dd>
        <dt className="text-muted">Amount</dt>
        <dd className="tabular text-text" data-testid="review-amount">
          {amountText}
          {value ? <span className="ml-2 text-xs text-muted">{value}</span> : null}
        </dd>
        <dt className="text-muted">Token</dt>
        <dd className="text-text">
          {draft.token.name} ({symbol})
        </dd>
        <dt className="text-muted">Network fee</dt>
        <dd className="tabular text-text" data-testid="review-fee">
          {feeText ? (
            <>
              ≈ {feeText}
              <span className="block text-xs text-muted">
                {fmt.integer(review.fee!.gas)} gas ×{" "}
                {fmt.number(Number(formatUnits(review.fee!.gasPrice, 9)))} gwei
              </span>
            </>
          ) : review.feePending ? (
            <span className="text-muted">Estimating…</span>
          ) : (
            <span className="text-danger">Could not estimate: {review.feeError}</span>
          )}
        </dd>
        <dt className="text-muted">Total</dt>
        <dd className="tabular font-medium text-text" data-testid="review-total">
          {total}
        </dd>
      </dl>

      {review.codeUnknown ? (
        <p className="text-xs text-muted">
          Could not check whether this address is a contract; make sure it is a wallet address.
        </p>
      ) : null}

      {warning ? (
        <div
          className="rounded-control border border-warning/60 bg-warning/10 p-3 text-sm"
          data-testid="send-warning"
          data-risk={review.risk?.kind}
        >
          <p className="font-semibold text-warning">{warning.title}</p>
          <p className="mt-1 text-text">{warning.body}</p>
          <label htmlFor={ackId} className="mt-3 flex items-start gap-2 text-text">
            <input
              id={ackId}
              ref={ackRef}
              type="checkbox"
              checked={acknowledged}
              onChange={(e) => {
                setAcknowledged(e.target.checked);
                if (e.target.checked) setAckMissing(false);
              }}
              aria-describedby={ackMissing ? ackErrorId : undefined}
              aria-invalid={ackMissing || undefined}
              className="mt-0.5 size-4 shrink-0 accent-gold"
              data-testid="send-ack"
            />
            <span>{warning.ack}</span>
          </label>
        </div>
      ) : null}
      {/* Outside the tinted box: red on the warning tint is below 4.5:1. */}
      {warning && ackMissing ? (
        <p id={ackErrorId} role="alert" className="text-sm text-danger">
          Tick the box to confirm you understand, or go back and change the address.
        </p>
      ) : null}

      {p.error ? (
        <p role="alert" className="text-sm text-danger">
          {p.error}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="secondary"
          onClick={p.onBack}
          disabled={p.busy}
          data-testid="send-back"
        >
          Back
        </Button>
        <Button
          type="button"
          className="flex-1"
          onClick={confirm}
          disabled={p.busy || review.checking}
          data-testid="send-confirm"
        >
          {p.busy
            ? "Confirm in your wallet…"
            : review.checking
              ? "Checking the address…"
              : p.connected
                ? `Confirm: send ${amountText}`
                : "Connect wallet to send"}
        </Button>
      </div>
    </section>
  );
}
