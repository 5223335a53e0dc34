"use client";

import {
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, EmptyState, Field, hashLinkClasses, Input, SegmentedTabs, Skeleton } from "@/ui";
import { CATEGORY_TEXT, EXCLUSION_CATEGORIES, type ExclusionCategory } from "../categories";
import * as api from "./api";

type Tab = "clusters" | "exclusions" | "scores";
const TABS = [
  { value: "clusters", label: "Clusters" },
  { value: "exclusions", label: "Exclusions" },
  { value: "scores", label: "Scores" },
] as const;

/**
 * The operator's integrity screen: review clusters, exclude / restore / import, read scores. It
 * brings its own query client, so it works inside whatever layout the console gives it.
 */
export function IntegrityConsole({ explorerUrl }: { explorerUrl: string }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={client}>
      <ConsoleTabs explorerUrl={explorerUrl} />
    </QueryClientProvider>
  );
}

function ConsoleTabs({ explorerUrl }: { explorerUrl: string }) {
  const [tab, setTab] = useState<Tab>("clusters");
  return (
    <div className="space-y-6">
      <SegmentedTabs options={TABS} value={tab} onChange={setTab} className="max-w-md" />
      {tab === "clusters" ? <Clusters explorerUrl={explorerUrl} /> : null}
      {tab === "exclusions" ? <Exclusions /> : null}
      {tab === "scores" ? <Scores /> : null}
    </div>
  );
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: api.integrityKeys.all });
}

const Loading = () => <Skeleton className="h-24 w-full" label="Loading" />;
const Failed = ({ message }: { message: string }) => (
  <p role="alert" className="text-sm text-danger">
    {message}
  </p>
);

function Clusters({ explorerUrl }: { explorerUrl: string }) {
  const q = useQuery({ queryKey: api.integrityKeys.clusters(), queryFn: api.fetchClusters });
  const invalidate = useInvalidate();
  const [reason, setReason] = useState("Funding graph reviewed");
  const m = useMutation({
    mutationFn: (v: { id: number; decision: "confirm" | "dismiss" }) =>
      api.decide(v.id, { decision: v.decision, reason }),
    onSuccess: invalidate,
  });
  if (q.isPending) return <Loading />;
  if (q.isError) return <Failed message={q.error.message} />;
  if (q.data.clusters.length === 0) {
    return (
      <EmptyState
        title="No open clusters"
        description="The sybil job lists groups here as it finds them; check back after it runs."
      />
    );
  }
  return (
    <div className="space-y-4">
      <Field label="Reason recorded with your decision">
        {({ id }) => <Input id={id} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      {m.error ? <Failed message={m.error.message} /> : null}
      {q.data.clusters.map((c) => (
        <Card
          key={c.id}
          title={`${c.kind.replaceAll("_", " ")} · ${c.size} members · score ${c.score}`}
          data-testid="cluster"
        >
          <p className="break-all font-id text-xs text-muted">{c.key}</p>
          <p className="mt-2 break-all font-id text-xs text-text">
            {c.members.slice(0, 12).join(" ")}
            {c.size > 12 ? " …" : ""}
          </p>
          <p className="mt-2 text-xs text-muted">
            Evidence:{" "}
            {c.evidence.slice(0, 5).map((h) => (
              <a
                key={h}
                href={`${explorerUrl}/tx/${h}`}
                className={`mr-2 ${hashLinkClasses}`}
                target="_blank"
                rel="noreferrer"
              >
                {h.slice(0, 10)}…
              </a>
            ))}
          </p>
          <div className="mt-3 flex gap-2">
            <Button
              size="sm"
              disabled={m.isPending}
              onClick={() => m.mutate({ id: c.id, decision: "confirm" })}
            >
              Confirm and exclude
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={m.isPending}
              onClick={() => m.mutate({ id: c.id, decision: "dismiss" })}
            >
              Dismiss
            </Button>
          </div>
        </Card>
      ))}
    </div>
  );
}

function Exclusions() {
  const q = useQuery({ queryKey: api.integrityKeys.exclusions(), queryFn: api.fetchExclusions });
  const invalidate = useInvalidate();
  const [form, setForm] = useState({
    address: "",
    reason: "",
    category: "sybil" as ExclusionCategory,
    csv: "",
  });
  const [done, setDone] = useState<string | null>(null);
  const ex = useMutation({
    mutationFn: () =>
      api.exclude({ address: form.address.trim(), reasonCategory: form.category, reason: form.reason }),
    onSuccess: async () => {
      setDone("Excluded.");
      await invalidate();
    },
  });
  const im = useMutation({
    mutationFn: () => api.importCsv({ csv: form.csv, reasonCategory: form.category, reason: form.reason }),
    onSuccess: async (r) => {
      setDone(
        `Imported: ${r.added} added, ${r.alreadyExcluded} already excluded, ${r.duplicates} duplicate lines.`,
      );
      await invalidate();
    },
  });
  const re = useMutation({
    mutationFn: (address: string) => api.restore({ address, reason: form.reason || "Restored after review" }),
    onSuccess: invalidate,
  });
  const error = ex.error ?? im.error ?? re.error;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Exclude or import">
        <div className="space-y-3">
          <Field label="Reason category">
            {({ id }) => (
              <select
                id={id}
                className="w-full rounded-control border border-border bg-surface px-3 py-2 text-sm text-text"
                value={form.category}
                onChange={(e) => setForm({ ...form, category: e.target.value as ExclusionCategory })}
              >
                {EXCLUSION_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {CATEGORY_TEXT[c]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Reason (recorded in the audit log)">
            {({ id }) => (
              <Input
                id={id}
                value={form.reason}
                onChange={(e) => setForm({ ...form, reason: e.target.value })}
              />
            )}
          </Field>
          <Field label="Address">
            {({ id }) => (
              <Input
                id={id}
                value={form.address}
                placeholder="0x…"
                onChange={(e) => setForm({ ...form, address: e.target.value })}
              />
            )}
          </Field>
          <Button
            onClick={() => ex.mutate()}
            disabled={ex.isPending || !form.address || form.reason.length < 3}
          >
            Exclude address
          </Button>
          <Field label="Or paste a CSV list (one address per line)">
            {({ id }) => (
              <textarea
                id={id}
                rows={4}
                className="w-full rounded-control border border-border bg-surface px-3 py-2 font-id text-xs text-text"
                value={form.csv}
                onChange={(e) => setForm({ ...form, csv: e.target.value })}
              />
            )}
          </Field>
          <Button
            variant="secondary"
            onClick={() => im.mutate()}
            disabled={im.isPending || !form.csv || form.reason.length < 3}
          >
            Import list
          </Button>
          {done ? (
            <p role="status" className="text-sm text-success">
              {done}
            </p>
          ) : null}
          {error ? <Failed message={error.message} /> : null}
        </div>
      </Card>
      <Card title="Excluded participants">
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <Failed message={q.error.message} />
        ) : q.data.exclusions.length === 0 ? (
          <EmptyState
            title="Nobody is excluded"
            description="Exclude an address, import a list or confirm a cluster."
          />
        ) : (
          <ul className="divide-y divide-border text-sm" data-testid="exclusions">
            {q.data.exclusions.map((x) => (
              <li key={x.address} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="block break-all font-id text-xs text-text">{x.address}</span>
                  <span className="text-xs text-muted">
                    {x.reasonCategory} · {x.source} · {x.reason}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={re.isPending}
                  onClick={() => re.mutate(x.address)}
                >
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function Scores() {
  const q = useQuery({ queryKey: api.integrityKeys.scores(), queryFn: api.fetchScores });
  if (q.isPending) return <Loading />;
  if (q.isError) return <Failed message={q.error.message} />;
  if (q.data.scores.length === 0) {
    return (
      <EmptyState
        title="No scores yet"
        description="The sybil job scores participants as the indexer and faucet record activity."
      />
    );
  }
  return (
    <Card title="Highest scores">
      <ul className="divide-y divide-border text-sm">
        {q.data.scores.map((s) => (
          <li key={s.address} className="py-2">
            <span className="tabular mr-3 font-semibold text-gold">{s.score}</span>
            <span className="break-all font-id text-xs text-text">{s.address}</span>
            {s.excluded ? <span className="ml-2 text-xs text-danger">excluded</span> : null}
            <span className="block text-xs text-muted">{s.reasons.join(" · ")}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
