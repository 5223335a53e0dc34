import { Skeleton } from "@/ui";

export function LiveFiguresSkeleton({ chainId }: { chainId: number }) {
  return (
    <FiguresGrid
      block={<Skeleton className="h-8 w-32" label="Loading latest block" />}
      participants={<Skeleton className="h-8 w-20" label="Loading participants" />}
      chainId={chainId}
    />
  );
}

export function FiguresGrid({
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
