"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Card, EmptyState, MorePages } from "@/ui";
import * as api from "./api";
import { AddressSearch, Failed, Loading } from "./parts";

/** Sybil scores, highest first, paged ("Show more") and searchable by address. */
export function Scores() {
  const [address, setAddress] = useState("");
  const q = useInfiniteQuery({
    queryKey: api.integrityKeys.scores(address),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => api.fetchScores({ cursor: pageParam, address }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const scores = q.data?.pages.flatMap((p) => p.scores) ?? [];
  return (
    <div className="space-y-4">
      <AddressSearch label="Scores of addresses starting with" onSearch={setAddress} />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed message={q.error.message} />
      ) : scores.length === 0 ? (
        <EmptyState
          title={address ? "No score for this address" : "No scores yet"}
          description="The sybil job scores participants as the indexer and faucet record activity."
        />
      ) : (
        <Card title="Highest scores">
          <ul className="divide-y divide-border text-sm">
            {scores.map((s) => (
              <li key={s.address} className="py-2">
                <span className="tabular mr-3 font-semibold text-gold">{s.score}</span>
                <span className="break-all font-id text-xs text-text">{s.address}</span>
                {s.excluded ? <span className="ml-2 text-xs text-danger">excluded</span> : null}
                <span className="block text-xs text-muted">{s.reasons.join(" · ")}</span>
              </li>
            ))}
          </ul>
          <MorePages query={q} className="mt-3" />
        </Card>
      )}
    </div>
  );
}
