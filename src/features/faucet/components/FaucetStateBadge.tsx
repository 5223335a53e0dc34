"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Skeleton } from "@/ui";
import { formatTimeLeft, secondsUntil } from "../cooldown";
import { faucetStatusQueryOptions } from "../queries";
import type { FaucetStatus } from "../schema";

/** Ticks once a second while `until` lies in the future; the remaining whole seconds. */
export function useCountdown(until: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, [until]);
  return until ? secondsUntil(new Date(until), new Date(now)) : 0;
}

type Look = { text: string; tone: "ok" | "wait" | "bad"; state: string };

/**
 * What the faucet means for this visitor now (issue 18): the operator's pause and the network come
 * first, then the visitor's own cooldown with the time left, then the faucet's balance.
 */
export function badgeLook(s: Pick<FaucetStatus, "state" | "paused">, secondsLeft: number): Look {
  if (s.paused) return { text: "Paused", tone: "wait", state: "paused" };
  if (s.state === "unavailable") return { text: "Unavailable", tone: "bad", state: "unavailable" };
  if (secondsLeft > 0)
    return { text: `Cooldown · ${formatTimeLeft(secondsLeft)} left`, tone: "wait", state: "cooldown" };
  if (s.state === "refilling") return { text: "Refilling", tone: "wait", state: "refilling" };
  return { text: "Available", tone: "ok", state: "available" };
}

const TONE = {
  ok: "border-success/40 text-success",
  wait: "border-warning/40 text-warning",
  bad: "border-danger/40 text-danger",
} as const;

/** The faucet's state badge, from a status the caller already has. */
export function FaucetStateBadge({ status }: { status: FaucetStatus }) {
  const left = useCountdown(status.nextClaimAt);
  const look = badgeLook(status, left);
  return (
    <span
      className={`tabular whitespace-nowrap rounded-control border px-2 py-0.5 text-xs ${TONE[look.tone]}`}
      data-testid="faucet-state"
      data-state={look.state}
    >
      {look.text}
    </span>
  );
}

/** The same badge where the page has no faucet status yet (the faucet task's card): fetches it. */
export function FaucetBadge() {
  const status = useQuery(faucetStatusQueryOptions());
  if (status.data) return <FaucetStateBadge status={status.data} />;
  // The badge's box while it loads (text-xs line + padding + border), so the card does not grow
  // when it arrives (/task's CLS budget, issue 11); nothing once the read has failed.
  return status.isError ? null : <Skeleton className="h-[22px] w-24" label="Loading the faucet's state" />;
}
