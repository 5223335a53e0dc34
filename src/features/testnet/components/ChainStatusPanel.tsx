"use client";

import { useFormat } from "@/lib/locale";
import { Skeleton } from "@/ui/Skeleton";
import type { ChainStatus } from "../chain-status-types";
import { formatBlockNumber, formatGasPrice, type RpcHealth, rpcHealth } from "../format";
import { useChainStatus } from "./useChainStatus";

type Indicator = RpcHealth | "stale";

const healthStyle: Record<Indicator, { dot: string; text: string; label: string }> = {
  healthy: { dot: "bg-success", text: "text-success", label: "Healthy" },
  slow: { dot: "bg-warning", text: "text-warning", label: "Slow" },
  down: { dot: "bg-danger", text: "text-danger", label: "Unreachable" },
  stale: { dot: "bg-muted", text: "text-warning", label: "Could not refresh" },
};

/** Live block number, gas price and RPC health, refreshed every 5 s. */
export function ChainStatusPanel({ initial }: { initial?: ChainStatus }) {
  const { data, isError } = useChainStatus(initial);
  const { locale } = useFormat();
  // The page always passes the server's reading, so data exists even when every poll fails. A failed
  // poll says nothing about the RPC (the portal itself may be unreachable), so the last reading stays,
  // greyed and marked as such, instead of "Healthy" beside a block number that no longer moves.
  const stale = Boolean(data) && isError;
  const health: Indicator | null = stale ? "stale" : data ? rpcHealth(data.rpc) : isError ? "down" : null;
  const style = health ? healthStyle[health] : null;
  const value = stale ? "tabular text-muted" : "tabular";
  const lastReading = stale ? <span className="sr-only"> (last reading)</span> : null;
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3 lg:grid-cols-1">
      <Stat label="Latest block">
        {data ? (
          <>
            <span className={value} data-testid="testnet-block-number">
              {formatBlockNumber(data.blockNumber, locale)}
            </span>
            {lastReading}
          </>
        ) : (
          <Skeleton className="h-7 w-28" label="Loading block number" />
        )}
      </Stat>
      <Stat label="Gas price">
        {data ? (
          <>
            <span className={value}>{formatGasPrice(data.gasPriceWei, locale)}</span>
            {lastReading}
          </>
        ) : (
          <Skeleton className="h-7 w-24" label="Loading gas price" />
        )}
      </Stat>
      <Stat label="RPC health">
        {style ? (
          <span
            className={`inline-flex items-center gap-2 ${style.text}`}
            data-testid="rpc-health"
            data-health={health}
          >
            <span className={`size-2.5 rounded-full ${style.dot}`} aria-hidden="true" />
            {style.label}
            {!stale && data?.rpc.ok ? (
              <span className="tabular text-sm text-muted">{data.rpc.latencyMs} ms</span>
            ) : null}
          </span>
        ) : (
          <Skeleton className="h-7 w-24" label="Checking RPC" />
        )}
        {stale ? (
          <p className="mt-1 text-xs font-normal text-muted">Showing the last reading; retrying every 5 s.</p>
        ) : null}
      </Stat>
    </dl>
  );
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-control border border-border bg-raised px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-text">{children}</dd>
    </div>
  );
}
