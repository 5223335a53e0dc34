import { formatDateTime, formatInteger } from "@/lib/format";
import { Card, hashLinkClasses, PageLink } from "@/ui";
import type { BlockView } from "../server";
import { AddressLink, BlockLink, ExplorerFrame, exactUnits, Fact, Facts, TxLink } from "./parts";

export function BlockPage({
  block,
  nativeSymbol,
  labels,
  locale,
}: {
  block: BlockView;
  nativeSymbol: string;
  labels: Map<string, string>;
  locale: string;
}) {
  return (
    <ExplorerFrame
      title={`Block ${formatInteger(block.number, locale)}`}
      description="One block of the testnet and the transactions it holds."
    >
      <Card>
        <Facts>
          <Fact label="Hash">
            <span className="font-id" data-testid="block-hash">
              {block.hash}
            </span>
          </Fact>
          <Fact label="Parent">
            {block.number > 0 ? (
              <PageLink href={`/explorer/block/${block.number - 1}`} className={hashLinkClasses}>
                {block.parentHash}
              </PageLink>
            ) : (
              <span className="font-id">{block.parentHash}</span>
            )}
          </Fact>
          <Fact label="Time">
            <time dateTime={block.time}>{formatDateTime(block.time, locale)}</time>
          </Fact>
          <Fact label="Transactions">
            <span className="tabular">{block.transactions.length}</span>
          </Fact>
          <Fact label="Gas used">
            <span className="tabular">
              {formatInteger(block.gasUsed, locale)} of {formatInteger(block.gasLimit, locale)}
            </span>
          </Fact>
          <Fact label="Base fee">
            <span className="tabular">
              {block.baseFee === null ? "—" : `${exactUnits(block.baseFee, 9)} gwei`}
            </span>
          </Fact>
          <Fact label="Fee recipient">
            <AddressLink address={block.miner} labels={labels} />
          </Fact>
        </Facts>
        <nav className="mt-4 flex justify-between text-sm" aria-label="Neighbouring blocks">
          {block.number > 0 ? <BlockLink number={block.number - 1} locale={locale} /> : <span />}
          {block.number < block.latest ? (
            <BlockLink number={block.number + 1} locale={locale} />
          ) : (
            <span className="text-muted">Latest block</span>
          )}
        </nav>
      </Card>
      <Card title="Transactions">
        {block.transactions.length === 0 ? (
          <p className="text-sm text-muted">This block holds no transactions.</p>
        ) : (
          <ul className="divide-y divide-border">
            {block.transactions.map((t) => (
              <li
                key={t.hash}
                className="flex flex-col gap-1 py-3 text-sm md:flex-row md:items-center md:gap-4"
              >
                <TxLink hash={t.hash} short />
                <span className="min-w-0 flex-1 text-muted">
                  <AddressLink address={t.from} labels={labels} short /> →{" "}
                  {t.to ? <AddressLink address={t.to} labels={labels} short /> : "contract creation"}
                </span>
                <span className="tabular text-text">
                  {exactUnits(t.value, 18)} {nativeSymbol}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </ExplorerFrame>
  );
}
