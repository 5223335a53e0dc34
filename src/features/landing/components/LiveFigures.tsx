import { Skeleton } from "@/ui";
import { landingFigures } from "../server/figures";

const integer = new Intl.NumberFormat("en-US");

/** Server component: the chain's latest block and the participant count (streamed in behind a skeleton). */
export async function LiveFigures({ chainId }: { chainId: number }) {
  const figures = await landingFigures();
  return (
    <FiguresGrid
      block={
        <span className={figures.blockNumber ? "tabular" : "text-muted"} data-testid="landing-block-number">
          {figures.blockNumber ? integer.format(BigInt(figures.blockNumber)) : "unavailable"}
        </span>
      }
      participants={
        <span
          className={figures.participants === null ? "text-muted" : "tabular"}
          data-testid="landing-participants"
        >
          {figures.participants === null ? "unavailable" : integer.format(figures.participants)}
        </span>
      }
      chainId={chainId}
    />
  );
}

export function LiveFiguresSkeleton({ chainId }: { chainId: number }) {
  return (
    <FiguresGrid
      block={<Skeleton className="h-8 w-32" label="Loading latest block" />}
      participants={<Skeleton className="h-8 w-20" label="Loading participants" />}
      chainId={chainId}
    />
  );
}

function FiguresGrid({
  block,
  participants,
  chainId,
}: {
  block: React.ReactNode;
  participants: React.ReactNode;
  chainId: number;
}) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Figure label="Latest block">{block}</Figure>
      <Figure label="Participants">{participants}</Figure>
      <Figure label="Chain ID">
        <span className="tabular">{chainId}</span>
      </Figure>
    </dl>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-card border border-border bg-surface px-5 py-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 flex h-9 items-center text-2xl font-semibold text-text">{children}</dd>
    </div>
  );
}
