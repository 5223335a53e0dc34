"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, EmptyState, Field, Input, MorePages } from "@/ui";
import { CATEGORY_TEXT, EXCLUSION_CATEGORIES, type ExclusionCategory } from "../categories";
import * as api from "./api";
import { AddressSearch, Failed, Loading } from "./parts";

/**
 * Exclude one address or import a list, and the excluded participants: paged ("Show more" on
 * `nextCursor`) and searchable by address, so any of them can be found and restored.
 */
export function Exclusions() {
  const [address, setAddress] = useState("");
  const q = useInfiniteQuery({
    queryKey: api.integrityKeys.exclusions(address),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => api.fetchExclusions({ cursor: pageParam, address }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: api.integrityKeys.all });
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
  const exclusions = q.data?.pages.flatMap((p) => p.exclusions) ?? [];
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
        <div className="space-y-3">
          <AddressSearch label="Find an excluded address" onSearch={setAddress} />
          {q.isPending ? (
            <Loading />
          ) : q.isError ? (
            <Failed message={q.error.message} />
          ) : exclusions.length === 0 ? (
            <EmptyState
              title={address ? "No excluded address matches" : "Nobody is excluded"}
              description={
                address
                  ? "Check the address; the search matches its start."
                  : "Exclude an address, import a list or confirm a cluster."
              }
            />
          ) : (
            <>
              <ul className="divide-y divide-border text-sm" data-testid="exclusions">
                {exclusions.map((x) => (
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
              <MorePages query={q} className="mt-3" />
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
