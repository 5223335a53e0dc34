import { TokenIcon } from "@/features/tokens";
import { Card, Skeleton } from "@/ui";
import type { StakePool } from "../pools";

/**
 * What a stake pool card shows before its pool is read: its title, "APR …" and the loaded layout
 * with placeholders. Server-rendered and hydrated without the card's own code (StakePoolCardLazy
 * says why); the live card (StakePoolCard) renders the same parts until its first read.
 */
export function StakePoolCardPlaceholder({ pool }: { pool: StakePool }) {
  return (
    <Card data-testid={`stake-pool-${pool.id}`}>
      <StakePoolHeader pool={pool} apr="…" />
      <PoolCardSkeleton withSource={Boolean(pool.nativeToken)} />
    </Card>
  );
}

/** The card's title row; `apr`: "…" while loading, "—" without a price, else the percentage. */
export function StakePoolHeader({ pool, apr }: { pool: StakePool; apr: string }) {
  const st = pool.stakingToken;
  const rt = pool.rewardToken;
  return (
    <div className="mb-4 flex items-start justify-between gap-3">
      {/* Two lines reserved on phones, where the titles wrap once Inter has loaded (the fallback
            font is a little narrower, and a title that fitted one line moved the card's content). */}
      <h2 className="flex items-center gap-2 text-base font-semibold max-sm:min-h-12">
        <TokenIcon id={st.icon} size={24} />
        Stake {st.symbol}, earn {rt.symbol}
      </h2>
      <span
        // A minimum width so "APR …" while loading and "APR —"/"APR 12.3%" once read take the same
        // room: the title beside it keeps its line breaks (no layout shift at 390 px).
        className="min-w-[5.5rem] shrink-0 rounded-control border border-border px-2 py-0.5 text-center text-sm tabular"
        data-testid="stake-apr"
      >
        APR {apr}
      </span>
    </div>
  );
}

export function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular break-words">{children}</dd>
    </div>
  );
}

const STAT_LABELS = ["Total staked", "Rewards", "Period ends in", "Your stake"];

/**
 * The loaded card's layout with placeholders (same stats grid, Earned panel, tabs and form rows), so
 * the card keeps its height when the pool is read and nothing below it moves (CLS on /stake).
 */
export function PoolCardSkeleton({ withSource }: { withSource: boolean }) {
  return (
    <div className="flex flex-col gap-5" aria-busy="true">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {STAT_LABELS.map((label, i) => (
          <Stat key={label} label={label}>
            <Skeleton className="h-4 w-24 align-middle" label={i === 0 ? "Loading the pool" : undefined} />
          </Stat>
        ))}
      </dl>
      <div className="flex flex-col gap-3 rounded-control border border-border bg-bg p-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm text-muted">Earned</p>
          <p className="text-xl font-semibold">
            <Skeleton className="h-6 w-28 align-middle" />
          </p>
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-8 w-[4.5rem]" />
          <Skeleton className="h-8 w-14" />
        </div>
      </div>
      {/* SegmentedTabs: a border around p-1 and h-8 buttons. */}
      <Skeleton className="h-[42px] w-full" />
      <div className="flex flex-col gap-3">
        {withSource ? <Skeleton className="h-8 w-64 max-w-full" /> : null}
        {/* AmountField: label row, input row, border and padding. */}
        <Skeleton className="h-[78px] w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}
