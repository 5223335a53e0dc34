"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatInteger, formatNumber, formatPercent } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Button, Card, cn, EmptyState, PageContainer, PageHeader, Skeleton } from "@/ui";
import { formatDate, formatTokenAmount } from "../format";
import { adminRoundsQueryOptions, airdropKeys, postJson, simulationQueryOptions } from "../queries";
import type { AdminRound } from "../schema";
import type { DistributionStats } from "../stats";
import { CreateRoundForm } from "./CreateRoundForm";

const STEPS = ["draft", "frozen", "deployed", "funded", "published"] as const;

function StatsRow({ label, s, decimals }: { label: string; s: DistributionStats; decimals: number }) {
  const { locale } = useFormat();
  const f = (x: string) => formatTokenAmount(x, decimals, locale);
  return (
    <tr>
      <th scope="row" className="px-2 py-1.5 text-left font-medium text-text">
        {label}
      </th>
      <td className="px-2 py-1.5 tabular-nums">{formatInteger(s.eligible, locale)}</td>
      <td className="px-2 py-1.5 tabular-nums">{f(s.totalAllocated)}</td>
      <td className="px-2 py-1.5 tabular-nums">
        {f(s.min)} / {f(s.median)} / {f(s.max)}
      </td>
      <td className="px-2 py-1.5 tabular-nums">
        {formatPercent(s.top1Share, locale)} / {formatPercent(s.top10Share, locale)}
      </td>
      <td className="px-2 py-1.5 tabular-nums">{formatNumber(s.gini, { locale, significantDigits: 3 })}</td>
    </tr>
  );
}

function SimulationView({ round }: { round: AdminRound }) {
  const { locale } = useFormat();
  const q = useQuery(simulationQueryOptions(round.id));
  if (q.isPending) return <Skeleton className="mt-4 h-32 w-full" />;
  if (q.isError)
    return (
      <p role="alert" className="mt-4 text-sm text-danger">
        {q.error.message}
      </p>
    );
  const s = q.data;
  const d = round.token.decimals;
  return (
    <div className="mt-4 flex flex-col gap-3 text-sm text-muted">
      <p>
        {formatInteger(s.participants, locale)} participants with points at {formatDate(s.snapshotAt, locale)}
        : {formatInteger(s.stats.eligible, locale)} eligible, {formatInteger(s.stats.belowMinimum, locale)}{" "}
        below the minimum, {formatInteger(s.stats.excluded, locale)} excluded,{" "}
        {formatInteger(s.stats.capped, locale)} capped.
        {s.stats.unallocated !== "0" ? (
          <span className="text-danger">
            {" "}
            The cap is too low: {formatTokenAmount(s.stats.unallocated, d, locale)} would be left over.
          </span>
        ) : null}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[640px] text-xs">
          <caption className="sr-only">Allocation figures for the rule and its variations</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="px-2 py-1.5">
                Rule
              </th>
              <th scope="col" className="px-2 py-1.5">
                Eligible
              </th>
              <th scope="col" className="px-2 py-1.5">
                Allocated
              </th>
              <th scope="col" className="px-2 py-1.5">
                Min / median / max
              </th>
              <th scope="col" className="px-2 py-1.5">
                Top 1% / 10%
              </th>
              <th scope="col" className="px-2 py-1.5">
                Gini
              </th>
            </tr>
          </thead>
          <tbody className="text-text">
            <StatsRow label="This round" s={s.stats} decimals={d} />
            {s.sensitivity.map((r) => (
              <StatsRow key={r.label} label={r.label} s={r.stats} decimals={d} />
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Per tier:{" "}
        {s.stats.perTier
          .map(
            (t) =>
              `${t.tier} ${formatInteger(t.recipients, locale)} (${formatTokenAmount(t.amount, d, locale)})`,
          )
          .join(" · ")}
      </p>
    </div>
  );
}

function RoundAdminCard({ round }: { round: AdminRound }) {
  const { locale } = useFormat();
  const qc = useQueryClient();
  const [simulate, setSimulate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sym = round.token.symbol;
  const reached = STEPS.indexOf(round.status);
  async function act(path: "publish" | "sweep") {
    setBusy(true);
    setError(null);
    try {
      await postJson(`/api/admin/airdrop/rounds/${round.id}/${path}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: airdropKeys.admin() });
    }
  }
  return (
    <Card
      as="article"
      aria-label={round.name}
      title={round.name}
      aside={<span className="text-xs text-muted">{round.status}</span>}
    >
      <p className="text-sm text-muted">
        {formatTokenAmount(round.totalAmount, round.token.decimals, locale)} {sym} · min {round.minPoints}{" "}
        points
        {round.capPerAddress
          ? ` · cap ${formatTokenAmount(round.capPerAddress, round.token.decimals, locale)} ${sym}`
          : ""}{" "}
        · claims {formatDate(round.opensAt, locale)} to {formatDate(round.deadline, locale)}
      </p>
      <ol className="mt-4 flex flex-wrap gap-2 text-xs" aria-label="Publishing progress">
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={cn(
              "rounded-control border px-2 py-1",
              i <= reached ? "border-gold text-gold" : "border-border text-muted",
            )}
          >
            {i <= reached ? "✓ " : ""}
            {s}
          </li>
        ))}
      </ol>
      {round.merkleRoot ? (
        <div className="mt-3 grid grid-cols-1 gap-1 text-xs text-muted">
          <div>
            Root <span className="break-all font-id text-text">{round.merkleRoot}</span>
          </div>
          {round.distributor ? (
            <div>
              Distributor <span className="break-all font-id text-text">{round.distributor}</span>
            </div>
          ) : null}
          <div>
            {formatInteger(round.recipients, locale)} recipients · {formatInteger(round.claims.count, locale)}{" "}
            claims ({formatTokenAmount(round.claims.amount, round.token.decimals, locale)} {sym})
            {round.sweptAmount
              ? ` · swept ${formatTokenAmount(round.sweptAmount, round.token.decimals, locale)} ${sym}`
              : ""}
          </div>
          {round.transactions.map((t) => (
            <div key={t.kind}>
              {t.kind} tx <span className="break-all font-id text-text">{t.hash}</span>{" "}
              {t.minedBlock ? `(block ${t.minedBlock})` : "(pending)"}
            </div>
          ))}
        </div>
      ) : null}
      {round.publishRequested && !round.publishing ? (
        <p role="status" className="mt-3 text-sm text-muted">
          Queued: the background worker starts publishing within seconds.
        </p>
      ) : null}
      {round.lastError && !round.publishing && !round.publishRequested ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          Last attempt stopped: {round.lastError}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setSimulate((x) => !x)}>
          {simulate ? "Hide simulation" : "Simulate"}
        </Button>
        {round.status !== "published" ? (
          <Button
            size="sm"
            disabled={busy || round.publishing || round.publishRequested}
            onClick={() => act("publish")}
          >
            {round.publishing
              ? "Publishing…"
              : round.publishRequested
                ? "Queued…"
                : round.status === "draft"
                  ? "Publish"
                  : "Resume publishing"}
          </Button>
        ) : null}
        {round.status === "published" && round.phase === "closed" && !round.sweptAt ? (
          <Button size="sm" variant="danger" disabled={busy} onClick={() => act("sweep")}>
            Sweep unclaimed tokens
          </Button>
        ) : null}
      </div>
      {simulate ? <SimulationView round={round} /> : null}
    </Card>
  );
}

/** `/admin/airdrop`: define rounds, simulate them on live points, publish (resumable) and sweep. */
export function AdminAirdrop({ tiers }: { tiers: string[] }) {
  const first = useQuery(adminRoundsQueryOptions(false));
  const busy = (first.data?.rounds ?? []).some(
    (r) => r.publishing || r.publishRequested || (r.status !== "draft" && r.status !== "published"),
  );
  const q = useQuery(adminRoundsQueryOptions(busy));
  const rounds = q.data?.rounds ?? [];
  return (
    <PageContainer>
      <PageHeader
        title="Airdrop rounds"
        description="Define a round, simulate it on live points, publish it on chain and sweep it after the deadline."
      />
      <div className="flex flex-col gap-6">
        <CreateRoundForm tiers={tiers} />
        {q.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : q.isError ? (
          <EmptyState
            title="Could not load the rounds"
            description={`${q.error.message}. Reload the page to try again.`}
          />
        ) : rounds.length === 0 ? (
          <EmptyState
            title="No rounds yet"
            description="Create a draft above; you can simulate it before publishing anything."
          />
        ) : (
          rounds.map((r) => <RoundAdminCard key={r.id} round={r} />)
        )}
      </div>
    </PageContainer>
  );
}
