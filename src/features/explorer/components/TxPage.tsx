import { formatDateTime, formatInteger } from "@/lib/format";
import { Card } from "@/ui";
import type { DecodedEvent, TxView } from "../server";
import { AddressLink, BlockLink, ExplorerFrame, exactUnits, Fact, Facts } from "./parts";

const EVENT_LABEL: Record<string, string> = {
  transfer: "Token transfer",
  native_transfer: "Native transfer",
  disperse_payout: "Faucet payout",
  disperse: "Disperse batch",
  payment_failed: "Payment failed",
  swap: "Swap",
  mint: "Liquidity added",
  burn: "Liquidity removed",
  sync: "Pool reserves",
  wrap: "Wrap",
  unwrap: "Unwrap",
  stake: "Stake",
  unstake: "Unstake",
  reward: "Reward paid",
  claim: "Airdrop claim",
};

export function TxPage({
  tx,
  nativeSymbol,
  labels,
  locale,
}: {
  tx: TxView;
  nativeSymbol: string;
  labels: Map<string, string>;
  locale: string;
}) {
  const status =
    tx.status === "success" ? (
      <span className="text-success">Success</span>
    ) : tx.status === "reverted" ? (
      <span className="text-danger">Reverted</span>
    ) : (
      <span className="text-warning">Pending</span>
    );
  return (
    <ExplorerFrame
      title="Transaction"
      description="One transaction on the testnet: who sent it, what it did and what it cost."
    >
      <Card>
        <Facts>
          <Fact label="Hash">
            <span className="font-id" data-testid="tx-hash">
              {tx.hash}
            </span>
          </Fact>
          <Fact label="Status">{status}</Fact>
          <Fact label="Block">
            {tx.blockNumber === null ? (
              "Not mined yet"
            ) : (
              <BlockLink number={tx.blockNumber} locale={locale} />
            )}
          </Fact>
          <Fact label="Time">
            {tx.time ? <time dateTime={tx.time}>{formatDateTime(tx.time, locale)}</time> : "—"}
          </Fact>
          <Fact label="From">
            <AddressLink address={tx.from} labels={labels} />
          </Fact>
          <Fact label="To">
            {tx.to ? (
              <AddressLink address={tx.to} labels={labels} />
            ) : tx.contractCreated ? (
              <>
                Contract created: <AddressLink address={tx.contractCreated} labels={labels} />
              </>
            ) : (
              "Contract creation"
            )}
          </Fact>
          <Fact label="Value">
            <span className="tabular">
              {exactUnits(tx.value, 18)} {nativeSymbol}
            </span>
          </Fact>
          <Fact label="Fee">
            <span className="tabular">
              {tx.fee === null ? "—" : `${exactUnits(tx.fee, 18)} ${nativeSymbol}`}
            </span>
          </Fact>
          <Fact label="Gas used">
            <span className="tabular">{formatInteger(tx.gasUsed, locale)}</span>
          </Fact>
          <Fact label="Nonce">
            <span className="tabular">{tx.nonce}</span>
          </Fact>
        </Facts>
      </Card>
      <Card title="Decoded events">
        {tx.events.length === 0 ? (
          <p className="text-sm text-muted">
            {tx.status === "pending"
              ? "The transaction is not mined yet."
              : "No events of the portal's contracts in this transaction (or the indexer has not reached its block yet)."}
          </p>
        ) : (
          <ul className="divide-y divide-border" data-testid="tx-events">
            {tx.events.map((e) => (
              <EventRow key={e.logIndex} e={e} labels={labels} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Input data">
        {/* Focusable: a long input scrolls, and keyboard users must be able to scroll it (WCAG 2.1.1). */}
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="max-h-48 overflow-auto whitespace-pre-wrap break-all font-id text-xs text-muted"
        >
          {tx.input}
        </pre>
      </Card>
    </ExplorerFrame>
  );
}

function EventRow({ e, labels }: { e: DecodedEvent; labels: Map<string, string> }) {
  return (
    <li className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
      <span className="w-40 shrink-0 font-medium text-text">{EVENT_LABEL[e.kind] ?? e.kind}</span>
      <span className="min-w-0 flex-1 break-all text-muted">
        {e.from ? <AddressLink address={e.from} labels={labels} short /> : null}
        {e.from && e.to ? " → " : null}
        {e.to ? <AddressLink address={e.to} labels={labels} short /> : null}
        {!e.from && !e.to && e.contract ? <AddressLink address={e.contract} labels={labels} short /> : null}
      </span>
      {e.amount ? (
        <span className="tabular text-text">
          {exactUnits(e.amount.value, e.amount.decimals)} {e.amount.symbol}
        </span>
      ) : null}
    </li>
  );
}
