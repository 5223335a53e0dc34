import { Card } from "@/ui";
import { ExplorerFrame } from "./parts";

/** What a search that matches nothing shows: the query, what the explorer understands, and the form again. */
export function SearchNoMatch({ query }: { query: string }) {
  const shown = query.length > 80 ? `${query.slice(0, 80)}…` : query;
  return (
    <ExplorerFrame
      title="No match"
      description="Search the testnet by transaction hash, address, registered name or block number."
    >
      <Card>
        <p className="text-text" data-testid="explorer-no-match">
          {shown.trim() === ""
            ? "Type something to search for."
            : `No block, transaction or address matches "${shown}".`}
        </p>
        <p className="mt-3 text-sm text-muted">Examples of what you can search for:</p>
        <ul className="mt-2 flex flex-col gap-1 font-id text-sm text-muted">
          <li>a block number: 12345</li>
          <li>a transaction hash: 0x followed by 64 hex characters</li>
          <li>an address: 0x followed by 40 hex characters</li>
          <li>a name: alice.aurum</li>
        </ul>
      </Card>
    </ExplorerFrame>
  );
}
