import { Card, PageLink } from "@/ui";
import { ExplorerFrame } from "./parts";

/**
 * A block or transaction page while the testnet cannot be read (RPC down, rate-limited): says so and
 * offers the same page again, instead of the generic error page. Whether the block or transaction
 * exists is unknown, so it is neither shown nor called missing.
 */
export function ChainUnavailable({ title, what, href }: { title: string; what: string; href: string }) {
  return (
    <ExplorerFrame title={title} description="The testnet could not be read just now.">
      <Card>
        <p className="text-sm text-warning" role="status" data-testid="explorer-chain-unavailable">
          The testnet cannot be reached right now, so {what} cannot be shown.{" "}
          <PageLink href={href} className="text-gold underline underline-offset-2">
            Try again
          </PageLink>{" "}
          in a moment.
        </p>
      </Card>
    </ExplorerFrame>
  );
}
