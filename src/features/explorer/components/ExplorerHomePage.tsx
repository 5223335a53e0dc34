import { formatDateTime, formatInteger } from "@/lib/format";
import { Card } from "@/ui";
import type { ExplorerHome } from "../server";
import { BlockLink, ExplorerFrame, shortHash } from "./parts";

export function ExplorerHomePage({
  home,
  networkName,
  locale,
}: {
  home: ExplorerHome;
  networkName: string;
  locale: string;
}) {
  return (
    <ExplorerFrame
      title={`${networkName} Explorer`}
      description="Look up any transaction, address or block of the testnet, with the portal's decoded events."
    >
      <Card
        title="Latest blocks"
        aside={
          <span className="tabular text-sm text-muted">
            Indexed to {formatInteger(home.indexedTo, locale)}
          </span>
        }
      >
        {home.reachable ? (
          <ul className="divide-y divide-border">
            {home.blocks.map((b) => (
              <li key={b.number} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
                <BlockLink number={b.number} locale={locale} />
                <span className="font-id text-muted">{shortHash(b.hash)}</span>
                <span className="tabular text-muted">{b.txCount} tx</span>
                <time dateTime={b.time} className="ml-auto text-muted">
                  {formatDateTime(b.time, locale)}
                </time>
              </li>
            ))}
          </ul>
        ) : (
          // As the address page does: say the chain could not be read, rather than fail the page.
          <p className="py-3 text-sm text-warning" role="status" data-testid="explorer-chain-unavailable">
            The testnet cannot be reached right now, so the latest blocks cannot be shown. Reload to try again
            in a moment.
          </p>
        )}
      </Card>
    </ExplorerFrame>
  );
}
