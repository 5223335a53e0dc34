"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { markBalancesChanged } from "@/lib/balance-freshness";
import { formatTokenAmount } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Button, Card, hashLinkClasses, Skeleton } from "@/ui";
import { formatCooldown, formatCountdown } from "../cooldown";
import { solvePow } from "../pow/client";
import {
  claimQueryOptions,
  FaucetApiError,
  faucetKeys,
  faucetStatusQueryOptions,
  fetchChallenge,
  isBalanceQuery,
  isFinalClaim,
  postClaim,
} from "../queries";
import type { ClaimView, Drip, FaucetStatus } from "../schema";
import { FaucetRules, PowProgress } from "./FaucetRules";
import { FaucetStateBadge, useCountdown } from "./FaucetStateBadge";

export type FaucetPanelProps = {
  /** `publicConfig().explorerUrl`: transaction links go to `{explorerUrl}/tx/{hash}`. */
  explorerUrl: string;
};

/** A drip through the one formatter (src/lib/format.ts): "1 AURUM", "100 tUSD". */
const formatDrip = (d: Drip, locale: string) =>
  formatTokenAmount(BigInt(d.amount), d.decimals, { locale, symbol: d.symbol });

const STATUS_TEXT: Record<ClaimView["status"], string> = {
  queued: "Queued",
  sent: "Sent, waiting for confirmation",
  confirmed: "Confirmed",
  failed: "Failed",
};

/** Whether each of FaucetRules' five lines wraps to two lines on a phone (below `sm`). */
const RULE_LINES_WRAP_ON_PHONES = [false, true, true, true, true];

/**
 * The loaded panel's layout with placeholders: the same intro line, drip line, five rule lines and
 * the claim button, so the cards below do not move when the status arrives (CLS on /testnet).
 */
function FaucetPanelSkeleton() {
  return (
    <Card title="Faucet" aria-busy="true">
      <p className="text-sm text-muted">Each claim sends you test coins for this network:</p>
      <p className="mt-1 text-lg font-semibold">
        <Skeleton className="h-5 w-56 max-w-full align-middle" label="Loading the faucet" />
      </p>
      <ul className="mt-3 space-y-1 pl-5 text-xs">
        {RULE_LINES_WRAP_ON_PHONES.map((wraps, i) => (
          <li key={i}>
            <Skeleton className="h-3 w-full max-w-md align-middle" />
            {wraps ? (
              <span className="block sm:hidden">
                <Skeleton className="h-3 w-2/3 align-middle" />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-5">
        <Skeleton className="block h-12 w-44" />
      </div>
    </Card>
  );
}

/**
 * The faucet on `/testnet`: the drip, a claim button with the cooldown countdown, and the live
 * status of the latest claim (queue position → sent → confirmed, with the transaction link).
 */
export function FaucetPanel({ explorerUrl }: FaucetPanelProps) {
  const { locale } = useFormat();
  const queryClient = useQueryClient();
  const status = useQuery(faucetStatusQueryOptions());
  const [claimId, setClaimId] = useState<string | null>(null);
  const activeId = claimId ?? status.data?.lastClaim?.id ?? null;
  const claim = useQuery({
    ...claimQueryOptions(activeId ?? "none"),
    enabled: activeId !== null,
    initialData:
      status.data?.lastClaim && status.data.lastClaim.id === activeId ? status.data.lastClaim : undefined,
  });
  // Proof of work before each claim (docs/api.md "Faucet"): fetch a challenge, solve it in a worker
  // while showing progress, then claim with the solution.
  const [pow, setPow] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async () => {
      setPow(0);
      try {
        const challenge = await fetchChallenge();
        const altcha = await solvePow(challenge, (p) =>
          setPow(Math.min(99, Math.floor((p.tried / p.total) * 100))),
        );
        setPow(100);
        return await postClaim(altcha);
      } finally {
        setPow(null);
      }
    },
    onSuccess: async (created) => {
      setClaimId(created.claimId);
      await queryClient.invalidateQueries({ queryKey: faucetKeys.status() });
    },
    onError: async (err) => {
      // A cooldown answer means our view of nextClaimAt is stale.
      if (err instanceof FaucetApiError && err.status === 429) {
        await queryClient.invalidateQueries({ queryKey: faucetKeys.status() });
      }
    },
  });

  // When the payout confirms, refresh every balance on the page (header chip, wallet views).
  const claimStatus = claim.data?.status;
  const seenFinal = useRef<string | null>(null);
  useEffect(() => {
    if (!activeId || claimStatus !== "confirmed" || seenFinal.current === activeId) return;
    seenFinal.current = activeId;
    markBalancesChanged();
    void queryClient.invalidateQueries({ predicate: isBalanceQuery });
  }, [activeId, claimStatus, queryClient]);

  const remaining = useCountdown(status.data?.nextClaimAt);

  if (status.isPending) return <FaucetPanelSkeleton />;
  const s: FaucetStatus | undefined = status.data;
  // Only a status never read replaces the panel: a failed background refresh keeps the last one on
  // screen, and with it an in-flight claim's progress, which polls on its own.
  if (!s) {
    return (
      <Card title="Faucet">
        <p role="alert" className="text-sm text-danger" data-testid="faucet-error">
          {status.error?.message}
        </p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  const inFlight = activeId !== null && claim.data !== undefined && !isFinalClaim(claim.data.status);
  const coolingDown = remaining > 0;
  const disabled = mutation.isPending || coolingDown || inFlight || s.state === "unavailable" || s.paused;
  const error = mutation.error;

  return (
    <Card title="Faucet" aside={<FaucetStateBadge status={s} />}>
      {status.isError ? (
        <p className="mb-3 text-xs text-warning" role="status" data-testid="faucet-stale">
          Could not refresh the faucet's status; showing the last one.{" "}
          <button
            type="button"
            className="font-semibold text-gold underline-offset-2 hover:underline disabled:opacity-60"
            disabled={status.isFetching}
            onClick={() => void status.refetch()}
          >
            {status.isFetching ? "Refreshing…" : "Try again"}
          </button>
        </p>
      ) : null}
      <p className="text-sm text-muted">Each claim sends you test coins for this network:</p>
      <p className="mt-1 text-lg font-semibold text-text tabular" data-testid="faucet-drip">
        {s.drips.map((d) => formatDrip(d, locale)).join(" · ")}
      </p>
      <FaucetRules status={s} cooldownText={formatCooldown(s.cooldownSeconds)} />

      {s.paused ? (
        <p className="mt-4 rounded-control border border-warning/40 p-3 text-sm text-warning" role="status">
          The faucet is paused by the operator. Claims already queued are still paid; please come back later.
        </p>
      ) : null}

      {s.state === "refilling" ? (
        <p className="mt-4 rounded-control border border-warning/40 p-3 text-sm text-warning" role="status">
          The faucet is refilling. Claims are kept in the queue and paid as soon as it is topped up.
        </p>
      ) : null}
      {s.state === "unavailable" ? (
        <p className="mt-4 rounded-control border border-danger/40 p-3 text-sm text-danger" role="status">
          The faucet cannot reach the network right now. Please try again in a few minutes.
        </p>
      ) : null}

      <div className="mt-5 flex flex-wrap items-center gap-4">
        <Button
          size="lg"
          disabled={disabled}
          onClick={() => mutation.mutate()}
          data-testid="faucet-claim-button"
        >
          {pow !== null ? "Checking…" : mutation.isPending ? "Claiming…" : "Claim test coins"}
        </Button>
        {pow !== null ? <PowProgress percent={pow} /> : null}
        {coolingDown ? (
          <p className="text-sm text-muted" data-testid="faucet-countdown">
            Next claim in <span className="tabular text-text">{formatCountdown(remaining)}</span>
          </p>
        ) : null}
      </div>

      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger" data-testid="faucet-error">
          {error.message}
        </p>
      ) : null}

      {activeId ? (
        <ClaimProgress claim={claim.data} loading={claim.isPending} explorerUrl={explorerUrl} />
      ) : null}
    </Card>
  );
}

function ClaimProgress({
  claim,
  loading,
  explorerUrl,
}: {
  claim: ClaimView | undefined;
  loading: boolean;
  explorerUrl: string;
}) {
  if (loading || !claim) {
    return (
      <div className="mt-5 space-y-2 border-t border-border pt-4">
        <Skeleton className="h-4 w-48" label="Loading your claim" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
    );
  }
  const tone =
    claim.status === "confirmed" ? "text-success" : claim.status === "failed" ? "text-danger" : "text-text";
  return (
    <div className="mt-5 border-t border-border pt-4" aria-live="polite">
      <p className="text-sm text-muted">Your latest claim</p>
      <p className={`mt-1 font-medium ${tone}`} data-testid="faucet-claim-status" data-status={claim.status}>
        {STATUS_TEXT[claim.status]}
        {claim.status === "queued" && claim.position ? (
          <span className="text-muted">
            {" "}
            · position <span className="tabular text-text">{claim.position}</span> in the queue
          </span>
        ) : null}
      </p>
      {claim.status === "failed" && claim.error ? (
        <p className="mt-1 text-sm text-danger">{claim.error}</p>
      ) : null}
      {claim.txHash ? (
        <p className="mt-2 text-sm">
          <span className="text-muted">Transaction </span>
          <a
            href={`${explorerUrl}/tx/${claim.txHash}`}
            target="_blank"
            rel="noreferrer"
            className={`break-all ${hashLinkClasses}`}
            data-testid="faucet-tx-link"
          >
            {claim.txHash.slice(0, 10)}…{claim.txHash.slice(-8)}
          </a>
        </p>
      ) : null}
    </div>
  );
}
