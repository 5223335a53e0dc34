"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Address, Hex } from "viem";
import { useReadContract } from "wagmi";
import { merkleDistributorAbi } from "@/chain/generated";
import { formatInteger } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Button, Card, cn } from "@/ui";
import { useMounted } from "@/wallet-modal";
import { TxError, useTransactionRunner } from "@/web3";
import { formatCountdown, formatDate, formatTokenAmount, REASONS } from "../format";
import { airdropKeys } from "../queries";
import type { PublicRound } from "../schema";
import type { AirdropEnv } from "./env";
import { useNow } from "./use-now";

const BADGE: Record<PublicRound["status"], string> = {
  upcoming: "Claims open soon",
  open: "Claim window open",
  closed: "Closed",
};

type ClaimState =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "confirmed"; hash: string }
  | { kind: "error"; message: string };

function Breakdown({ round }: { round: PublicRound }) {
  const { locale } = useFormat();
  const b = round.me.breakdown;
  if (!b) return null;
  const sym = round.token.symbol;
  return (
    <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div className="flex justify-between gap-3 sm:block">
        <dt className="text-muted">Points at the snapshot</dt>
        <dd className="tabular-nums text-text">{formatInteger(b.points, locale)}</dd>
      </div>
      <div className="flex justify-between gap-3 sm:block">
        <dt className="text-muted">Rule</dt>
        <dd className="text-text">
          Share of the pool in proportion to points, from {formatInteger(b.minPoints, locale)} points
        </dd>
      </div>
      <div className="flex justify-between gap-3 sm:block">
        <dt className="text-muted">Tier multiplier</dt>
        <dd className="text-text">
          {b.tier} ×{b.multiplier}
          {b.multiplier === 1 ? " (no change)" : ""}
        </dd>
      </div>
      <div className="flex justify-between gap-3 sm:block">
        <dt className="text-muted">Cap per address</dt>
        <dd className="text-text">
          {b.cap === null
            ? "No cap"
            : `${formatTokenAmount(b.cap, round.token.decimals, locale)} ${sym}${b.capped ? ": your amount was capped" : ": not reached"}`}
        </dd>
      </div>
    </dl>
  );
}

export function RoundCard({ round, env, address }: { round: PublicRound; env: AirdropEnv; address: string }) {
  const { locale } = useFormat();
  const mounted = useMounted();
  const now = useNow();
  const me = round.me;
  const sym = round.token.symbol;
  const amount = me.amount ? formatTokenAmount(me.amount, round.token.decimals, locale) : null;
  const run = useTransactionRunner({ chainId: env.chainId, explorerUrl: env.explorerUrl });
  const [claim, setClaim] = useState<ClaimState>({ kind: "idle" });
  const qc = useQueryClient();
  const claimed = useReadContract({
    address: round.distributor as Address,
    abi: merkleDistributorAbi,
    functionName: "isClaimed",
    args: [BigInt(me.index ?? 0)],
    chainId: env.chainId,
    query: { enabled: mounted && me.eligible && Boolean(round.distributor) },
  });
  const isClaimed = claimed.data ?? me.claimed;

  async function onClaim() {
    if (!me.eligible || me.index === null || !me.amount || !me.proof) return;
    setClaim({ kind: "pending" });
    try {
      const receipt = await run({
        label: `Claim ${amount} ${sym}`,
        address: round.distributor as Address,
        abi: merkleDistributorAbi,
        functionName: "claim",
        // The exact leaf: the tokens always go to the eligible address, whoever sends it.
        args: [BigInt(me.index), address as Address, BigInt(me.amount), me.proof as Hex[]],
      });
      setClaim({ kind: "confirmed", hash: receipt.transactionHash });
      // The round's "N claims so far" and `me.claimed` come from the list: read it again.
      await Promise.all([claimed.refetch(), qc.invalidateQueries({ queryKey: airdropKeys.mine(address) })]);
    } catch (err) {
      // TxError's message is web3's sentence for the distributor's error (src/web3/revert-messages.ts).
      const message = err instanceof TxError ? err.message : "Something went wrong";
      setClaim({ kind: "error", message });
      await claimed.refetch();
    }
  }

  return (
    <Card
      as="article"
      aria-label={round.name}
      title={round.name}
      aside={
        <span
          className={cn(
            "rounded-control border px-2 py-0.5 text-xs",
            round.status === "open" ? "border-gold text-gold" : "border-border text-muted",
          )}
        >
          {BADGE[round.status]}
        </span>
      }
    >
      <p className="text-sm text-muted">
        {formatTokenAmount(round.totalAmount, round.token.decimals, locale)} {sym} for{" "}
        {formatInteger(round.recipients, locale)} addresses · snapshot {formatDate(round.snapshotAt, locale)}{" "}
        · claims {formatDate(round.opensAt, locale)} to {formatDate(round.deadline, locale)}
      </p>

      {me.eligible ? (
        <div className="mt-5">
          <p className="text-xl font-semibold text-text" data-testid="airdrop-amount">
            {round.status === "closed"
              ? isClaimed
                ? `You claimed ${amount} ${sym}`
                : `You did not claim your ${amount} ${sym} before the deadline`
              : `You are eligible for ${amount} ${sym}`}
          </p>
          <Breakdown round={round} />
          {round.status !== "closed" ? (
            <p className="mt-4 text-sm text-muted">
              Tokens always go to your eligible address <span className="font-id text-text">{address}</span>,
              whichever wallet sends the claim.
            </p>
          ) : null}
        </div>
      ) : (
        <div className="mt-5">
          <p className="text-xl font-semibold text-text" data-testid="airdrop-amount">
            You are not eligible for this round
          </p>
          <p className="mt-2 text-sm text-muted" data-testid="airdrop-reason">
            {me.reason === "below_minimum"
              ? REASONS.below_minimum(me.points, round.minPoints, locale)
              : me.reason === "excluded"
                ? REASONS.excluded()
                : me.reason === "rounded_to_zero"
                  ? REASONS.rounded_to_zero(me.points, locale)
                  : REASONS.no_points()}
          </p>
          {me.reason === "excluded" ? (
            <a
              href="/support?category=points"
              className="mt-2 inline-block text-sm text-gold underline underline-offset-2"
            >
              Appeal this decision
            </a>
          ) : null}
        </div>
      )}

      {round.status === "upcoming" ? (
        <p className="mt-5 text-sm text-text">
          Claims open in{" "}
          <span className="tabular-nums">
            {mounted ? formatCountdown(Date.parse(round.opensAt), now) : "…"}
          </span>{" "}
          ({formatDate(round.opensAt, locale)}).
        </p>
      ) : null}

      {round.status === "open" && me.eligible ? (
        <div className="mt-5 flex flex-col gap-3">
          {isClaimed ? (
            <p className="font-medium text-success" data-testid="airdrop-claimed">
              Claimed: {amount} {sym} sent to your address.
            </p>
          ) : (
            <Button
              size="lg"
              className="w-full sm:w-auto"
              onClick={onClaim}
              disabled={!mounted || claim.kind === "pending" || claimed.isPending}
            >
              {claim.kind === "pending" ? "Claiming…" : `Claim ${amount} ${sym}`}
            </Button>
          )}
          {claim.kind === "confirmed" ? (
            <a
              href={`${env.explorerUrl}/tx/${claim.hash}`}
              target="_blank"
              rel="noreferrer"
              className="text-sm text-gold underline underline-offset-2"
            >
              Confirmed: view the transaction on the explorer
            </a>
          ) : null}
          {claim.kind === "error" ? (
            <p role="alert" className="text-sm text-danger">
              {claim.message}
            </p>
          ) : null}
          <p className="text-sm text-muted">
            Claim before the deadline:{" "}
            <span className="tabular-nums text-text">
              {mounted ? formatCountdown(Date.parse(round.deadline), now) : "…"}
            </span>{" "}
            left.
          </p>
        </div>
      ) : null}
      {round.status === "closed" ? (
        <p className="mt-5 text-sm text-muted">
          Closed on {formatDate(round.deadline, locale)}. {formatInteger(round.claims.count, locale)} claims,{" "}
          {formatTokenAmount(round.claims.amount, round.token.decimals, locale)} {sym} claimed in all.
        </p>
      ) : (
        <p className="mt-3 text-xs text-muted">
          {formatInteger(round.claims.count, locale)} claims so far (
          {formatTokenAmount(round.claims.amount, round.token.decimals, locale)} {sym}).
        </p>
      )}
    </Card>
  );
}
