"use client";

import { useFormat } from "@/lib/locale";
import { useDeferredAnswer } from "@/lib/use-deferred-answer";
import { EmptyState, Skeleton } from "@/ui";
import { useBalances } from "../queries";

/**
 * The testnet balances of `address` (native first) with their value in tUSD from pool prices (test
 * coins have no dollar value: docs/ARCHITECTURE.md, "Formatting"). Used by the wallet page and the
 * account modal's Tokens tab.
 */
export function TokenBalanceList({
  address,
  compact = false,
  rows = 4,
}: {
  address: string;
  compact?: boolean;
  /** How many tokens the answer will list (the token list's length): the skeleton keeps that height. */
  rows?: number;
}) {
  const q = useBalances(address);
  // The answer replaces the skeleton with every row in a deferred pass (lib/use-deferred-answer.ts).
  const { data } = useDeferredAnswer(q.data);
  const fmt = useFormat();
  if (q.isError) {
    return (
      <EmptyState
        title="Token Balance Unavailable"
        description="The testnet could not be read just now. Balances are read again by themselves in 30 seconds."
      />
    );
  }
  if (!data) return <BalancesSkeleton rows={rows} compact={compact} />;
  const { balances, status } = data;
  const priced = balances.filter((b) => b.price > 0);
  const total = priced.reduce((sum, b) => sum + b.value, 0);
  return (
    <div>
      {status === "unavailable" ? (
        <p className="mb-2 text-sm text-warning" role="status">
          The testnet could not be read just now; showing 0 until it answers.
        </p>
      ) : null}
      <ul className="divide-y divide-border" data-testid="token-balances">
        {balances.map((b) => (
          <li
            key={b.address ?? "native"}
            className="flex items-center gap-3 py-3"
            data-testid={`balance-${b.symbol}`}
          >
            {/* biome-ignore lint/performance/noImgElement: inline data URI icon */}
            <img
              src={b.iconUrl}
              alt=""
              aria-hidden="true"
              width={32}
              height={32}
              className="size-8 shrink-0 rounded-full"
            />
            <div className="min-w-0">
              <p className="font-medium text-text">{b.symbol}</p>
              {compact ? null : <p className="truncate text-xs text-muted">{b.name}</p>}
            </div>
            <div className="ml-auto text-right">
              <p className="tabular font-medium text-text" data-testid="balance-amount">
                {fmt.balance(BigInt(b.quantity.numeric), Number(b.quantity.decimals))}
              </p>
              {/* tUSD is the unit itself: its value would repeat its amount. */}
              {b.symbol === "tUSD" ? null : (
                <p className="tabular text-xs text-muted" data-testid="balance-value">
                  {b.price > 0 ? fmt.tusd(b.value) : "no price yet"}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      {compact || priced.length === 0 ? null : (
        <p className="flex justify-between border-t border-border pt-3 text-sm" data-testid="balance-total">
          <span className="text-muted">Total value</span>
          <span className="tabular font-medium text-text">{fmt.tusd(total)}</span>
        </p>
      )}
    </div>
  );
}

/**
 * The loaded list's shape with placeholders: the same rows (icon, symbol and name lines, amount and
 * value lines) and the total line, so nothing below moves when the balances arrive (CLS 0 on /wallet).
 */
function BalancesSkeleton({ rows, compact }: { rows: number; compact: boolean }) {
  return (
    <div aria-busy="true">
      <ul className="divide-y divide-border">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex items-center gap-3 py-3">
            <Skeleton
              className="size-8 shrink-0 rounded-full"
              label={i === 0 ? "Loading balances" : undefined}
            />
            <div className="min-w-0">
              <p className="font-medium">
                <Skeleton className="h-4 w-16 align-middle" />
              </p>
              {compact ? null : (
                <p className="text-xs">
                  <Skeleton className="h-3 w-20 align-middle" />
                </p>
              )}
            </div>
            <div className="ml-auto text-right">
              <p className="font-medium">
                <Skeleton className="h-4 w-12 align-middle" />
              </p>
              <p className="text-xs">
                <Skeleton className="h-3 w-16 align-middle" />
              </p>
            </div>
          </li>
        ))}
      </ul>
      {compact ? null : (
        <p className="flex justify-between border-t border-border pt-3 text-sm">
          <span className="text-muted">Total value</span>
          <Skeleton className="h-4 w-16 align-middle" />
        </p>
      )}
    </div>
  );
}
