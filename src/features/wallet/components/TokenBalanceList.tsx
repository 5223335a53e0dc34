"use client";

import { formatBalance } from "@/lib/amount";
import { formatTusd } from "@/lib/format";
import { EmptyState, Skeleton } from "@/ui";
import { useBalances } from "../queries";

/**
 * The testnet balances of `address` (native first), 3 decimals, with USD value from pool prices.
 * Used by the wallet page and the account modal's Tokens tab.
 */
export function TokenBalanceList({ address, compact = false }: { address: string; compact?: boolean }) {
  const q = useBalances(address);
  if (q.isPending) {
    return (
      <ul className="divide-y divide-border" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="flex items-center gap-3 py-3">
            <Skeleton className="size-8 rounded-full" label="Loading balances" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="ml-auto h-4 w-20" />
          </li>
        ))}
      </ul>
    );
  }
  if (q.isError) {
    return (
      <EmptyState
        title="Token Balance Unavailable"
        description="The testnet could not be read just now. Balances refresh by themselves in a few seconds."
      />
    );
  }
  const { balances, status } = q.data;
  return (
    <div>
      {status === "unavailable" ? (
        <p className="mb-2 text-sm text-warning" role="status">
          The testnet could not be read just now; showing 0.00 until it answers.
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
                {formatBalance(BigInt(b.quantity.numeric), Number(b.quantity.decimals))}
              </p>
              <p className="tabular text-xs text-muted">{b.price > 0 ? formatTusd(b.value) : "—"}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
