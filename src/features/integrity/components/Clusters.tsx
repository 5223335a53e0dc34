"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError } from "@/lib/api-client";
import { Button, Card, EmptyState, Field, hashLinkClasses, Input, MorePages } from "@/ui";
import type { SybilCluster } from "../schema";
import * as api from "./api";
import { AddressSearch, Failed, Loading } from "./parts";

const MEMBERS_PREVIEW = 12;
const wallets = (n: number) => `${n.toLocaleString("en-US")} wallet${n === 1 ? "" : "s"}`;

/**
 * Open clusters, paged, with the confirm / dismiss decision. Confirming asks first, with the count
 * of wallets it excludes (a card shows 12 of them). Each decision sends the members hash the card
 * was listed with: when the job changed the cluster since, the server refuses (409, its message
 * shown) and the list is read again, so the operator reviews the new members before deciding.
 */
export function Clusters({ explorerUrl }: { explorerUrl: string }) {
  const [address, setAddress] = useState("");
  const q = useInfiniteQuery({
    queryKey: api.integrityKeys.clusters(address),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => api.fetchClusters({ cursor: pageParam, address }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: api.integrityKeys.all });
  const [reason, setReason] = useState("Funding graph reviewed");
  const [confirming, setConfirming] = useState<number | null>(null);
  const m = useMutation({
    mutationFn: (v: { cluster: SybilCluster; decision: "confirm" | "dismiss" }) =>
      api.decide(v.cluster.id, { decision: v.decision, reason, membersHash: v.cluster.membersHash }),
    onSuccess: invalidate,
    onError: (err) => {
      if (err instanceof ApiClientError && err.status === 409) void invalidate();
    },
    onSettled: () => setConfirming(null),
  });
  const clusters = q.data?.pages.flatMap((p) => p.clusters) ?? [];
  return (
    <div className="space-y-4">
      <AddressSearch label="Clusters with a member starting with" onSearch={setAddress} />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed message={q.error.message} />
      ) : clusters.length === 0 ? (
        <EmptyState
          title="No open clusters"
          description={
            address
              ? "No open cluster has a member with this address."
              : "The sybil job lists groups here as it finds them; check back after it runs."
          }
        />
      ) : (
        <>
          <Field label="Reason recorded with your decision">
            {({ id }) => <Input id={id} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          {m.error ? <Failed message={m.error.message} /> : null}
          {clusters.map((c) => (
            <Card
              key={c.id}
              title={`${c.kind.replaceAll("_", " ")} · ${c.size} members · score ${c.score}`}
              data-testid="cluster"
            >
              <p className="break-all font-id text-xs text-muted">{c.key}</p>
              <p className="mt-2 break-all font-id text-xs text-text">
                {c.members.slice(0, MEMBERS_PREVIEW).join(" ")}
                {c.size > MEMBERS_PREVIEW ? ` … and ${c.size - MEMBERS_PREVIEW} more` : ""}
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
              {confirming === c.id ? (
                <fieldset className="mt-3 space-y-2">
                  <legend className="text-sm font-medium text-danger">Exclude {wallets(c.size)}?</legend>
                  <p className="text-xs text-muted">
                    Each earns no more points, brings no referral bonus and leaves the leaderboard and the
                    airdrop until restored.
                  </p>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      disabled={m.isPending}
                      onClick={() => m.mutate({ cluster: c, decision: "confirm" })}
                    >
                      {m.isPending ? "Excluding…" : `Exclude ${wallets(c.size)}`}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={m.isPending}
                      onClick={() => setConfirming(null)}
                    >
                      Cancel
                    </Button>
                  </div>
                </fieldset>
              ) : (
                <div className="mt-3 flex gap-2">
                  <Button size="sm" disabled={m.isPending} onClick={() => setConfirming(c.id)}>
                    Confirm and exclude
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={m.isPending}
                    onClick={() => m.mutate({ cluster: c, decision: "dismiss" })}
                  >
                    Dismiss
                  </Button>
                </div>
              )}
            </Card>
          ))}
          <MorePages query={q} className="mt-3" />
        </>
      )}
    </div>
  );
}
