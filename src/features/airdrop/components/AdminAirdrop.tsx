"use client";

import { useQuery } from "@tanstack/react-query";
import { EmptyState, PageContainer, PageHeader, Skeleton } from "@/ui";
import { sentence } from "../format";
import { adminRoundsQueryOptions } from "../queries";
import { CreateRoundForm } from "./CreateRoundForm";
import { RoundAdminCard } from "./RoundAdminCard";

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
            description={`${sentence(q.error.message)} Reload the page to try again.`}
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
