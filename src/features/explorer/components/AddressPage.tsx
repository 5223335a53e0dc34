import { formatDateTime, formatInteger, formatTokenAmount, formatTusd } from "@/lib/format";
import { Card, EmptyState, PageLink } from "@/ui";
import { CopyButton } from "@/ui/CopyButton";
import type { AddressView } from "../server";
import { ExplorerFrame, Fact, Facts, TxLink } from "./parts";

// The indexer's activity kinds (src/features/indexer/server/activity.ts).
const KIND_LABEL: Record<string, string> = {
  faucet: "Faucet",
  send: "Sent",
  receive: "Received",
  swap: "Swapped",
  wrap: "Wrapped",
  unwrap: "Unwrapped",
  liquidity_add: "Added liquidity",
  liquidity_remove: "Removed liquidity",
  stake: "Staked",
  unstake: "Unstaked",
  reward: "Rewards",
  claim: "Airdrop",
};

export function AddressPage({
  view,
  cursor,
  locale,
}: {
  view: AddressView;
  cursor: string | null;
  locale: string;
}) {
  const { address, balances, activity } = view;
  const chainUnreadable =
    view.isContract === null || view.txCount === null || balances?.status === "unavailable";
  return (
    <ExplorerFrame
      title={view.name ?? view.label ?? (view.isContract ? "Contract" : "Address")}
      description="Balances on the testnet and the activity the portal's indexer has recorded for this address."
    >
      <Card>
        {chainUnreadable ? (
          <p className="mb-2 text-sm text-warning" role="status" data-testid="explorer-chain-unavailable">
            The chain could not be read just now: values shown as — are unknown, not zero. Reload to try
            again.
          </p>
        ) : null}
        <Facts>
          {view.name ? (
            <Fact label="Name">
              <span className="font-medium text-gold" data-testid="explorer-name">
                {view.name}
              </span>
            </Fact>
          ) : null}
          <Fact label="Address">
            <span className="inline-flex items-center gap-2">
              <span className="font-id break-all" data-testid="explorer-address">
                {address}
              </span>
              <CopyButton value={address} label="address" className="h-6 px-1.5" />
            </span>
          </Fact>
          <Fact label="Type">
            {view.isContract === null ? "—" : view.isContract ? "Contract" : "Account"}
          </Fact>
          {/* A contract's nonce counts the contracts it created (plus one since EIP-161), not
              transactions: no honest "sent" figure exists for it, so it is left out. */}
          {view.isContract ? null : (
            <Fact label="Transactions sent">
              <span className="tabular">
                {view.txCount === null || view.isContract === null
                  ? "—"
                  : formatInteger(view.txCount, locale)}
              </span>
            </Fact>
          )}
        </Facts>
      </Card>
      <Card title="Balances">
        {!balances ? (
          <p className="text-sm text-muted">
            Balances are not available until the testnet contracts are deployed.
          </p>
        ) : balances.status !== "ok" ? (
          // The service's placeholder row ("0 AURUM") is for the wallet's layout, not a balance.
          <p className="text-sm text-warning">Balances unavailable: the chain could not be read just now.</p>
        ) : (
          <ul className="divide-y divide-border">
            {balances.balances.map((b) => (
              <li
                key={b.address ?? "native"}
                className="flex items-center justify-between gap-4 py-3 text-sm"
              >
                <span className="font-medium text-text">{b.symbol}</span>
                <span className="text-right">
                  <span className="tabular block text-text">
                    {formatTokenAmount(BigInt(b.quantity.numeric), Number(b.quantity.decimals), { locale })}
                  </span>
                  <span className="tabular block text-xs text-muted">
                    {b.price > 0 ? formatTusd(b.value, locale) : "—"}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Activity">
        {view.badCursor ? (
          <p className="mb-2 text-sm text-warning">
            That page link was invalid; showing the newest activity.
          </p>
        ) : null}
        {activity.data.length === 0 ? (
          <EmptyState
            title={cursor ? "No older activity" : "No activity recorded"}
            description="Faucet payouts, transfers, swaps and staking of this address appear here once the indexer sees them."
          />
        ) : (
          <ul className="divide-y divide-border" data-testid="explorer-activity">
            {activity.data.map((a) => (
              <li
                key={a.id}
                className="flex flex-col gap-1 py-3 text-sm md:flex-row md:items-center md:gap-4"
              >
                <span className="w-24 shrink-0 font-medium text-text">
                  {KIND_LABEL[a.kind] ?? a.kind}
                  {a.status === "failed" ? <span className="ml-1 text-xs text-danger">failed</span> : null}
                </span>
                <TxLink hash={a.txHash} short />
                <time dateTime={a.time} className="text-muted md:w-44">
                  {formatDateTime(a.time, locale)}
                </time>
                <span className="tabular md:ml-auto md:text-right">
                  {a.transfers.map((t, i) => (
                    <span
                      key={`${t.symbol}-${t.direction}-${i}`}
                      className={`block ${t.direction === "in" ? "text-success" : "text-text"}`}
                    >
                      {t.direction === "in" ? "+" : "−"}
                      {formatTokenAmount(BigInt(t.quantity.numeric), Number(t.quantity.decimals), { locale })}{" "}
                      {t.symbol}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
        <nav className="mt-4 flex justify-between text-sm" aria-label="Activity pages">
          {cursor ? (
            <PageLink href={`/explorer/address/${address}`} className="text-gold hover:underline">
              Newest
            </PageLink>
          ) : (
            <span />
          )}
          {activity.next ? (
            <PageLink
              href={`/explorer/address/${address}?cursor=${encodeURIComponent(activity.next)}`}
              className="text-gold hover:underline"
            >
              Older
            </PageLink>
          ) : null}
        </nav>
      </Card>
    </ExplorerFrame>
  );
}
