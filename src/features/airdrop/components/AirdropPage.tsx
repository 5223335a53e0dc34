"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiClientError } from "@/lib/api-client";
import { EmptyState, PageContainer, PageHeader, PageLink, Skeleton } from "@/ui";
import { useMounted, useSessionAddress } from "@/wallet-modal";
import { phaseAt, sentence } from "../format";
import { myRoundsQueryOptions } from "../queries";
import { RoundCard } from "./RoundCard";
import { useNow } from "./use-now";

export type { AirdropEnv } from "./env";

import type { AirdropEnv } from "./env";

/**
 * `/airdrop`: the eligibility checker, the claim during the window, and past rounds. The address is
 * the session's, read on the client (the page is a signed-in shell: src/server/shell-page.ts); the
 * rounds load after hydration anyway, so the skeleton covers both. The rounds are read per address
 * (another sign-in reads its own), and each round's phase follows this browser's clock: when a
 * countdown reaches 0 the card changes at once and the list is read again for the server's view.
 */
export function AirdropPage({ env }: { env: AirdropEnv }) {
  const address = useSessionAddress();
  const q = useQuery(myRoundsQueryOptions(address));
  const mounted = useMounted();
  const now = useNow();
  const loaded = q.data?.rounds ?? [];
  const rounds = mounted ? loaded.map((r) => ({ ...r, status: phaseAt(r, now) })) : loaded;
  const current = rounds.filter((r) => r.status !== "closed");
  const past = rounds.filter((r) => r.status === "closed");
  // A round crossed its opening or deadline since the answer: read the list again (once per crossing).
  const crossed = rounds.some((r, i) => r.status !== loaded[i]?.status);
  const { refetch } = q;
  useEffect(() => {
    if (crossed) void refetch();
  }, [crossed, refetch]);
  // An expired or revoked session answers 401: that is the signed-out state, not a failure.
  const signedOut = !address || (q.error instanceof ApiClientError && q.error.status === 401);
  return (
    <PageContainer>
      <PageHeader
        title="Airdrop"
        description="Check whether your address is eligible, see how your amount was worked out, and claim your tokens on chain."
      />
      {signedOut ? (
        <EmptyState
          title="You are signed out"
          description="Connect your wallet and sign in again to check your eligibility and claim."
        />
      ) : q.isPending ? (
        <div
          className="flex flex-col gap-4"
          role="status"
          aria-busy="true"
          aria-label="Loading airdrop rounds"
        >
          <Skeleton className="h-48 w-full" />
        </div>
      ) : q.isError ? (
        <EmptyState
          title="Could not load the airdrop"
          description={`${sentence(q.error.message)} Reload the page to try again.`}
        />
      ) : rounds.length === 0 ? (
        <EmptyState
          title="No airdrop round yet"
          description="When the campaign team publishes a round, your eligibility shows here. Earn points on the Tasks page meanwhile."
        />
      ) : (
        <div className="flex flex-col gap-6">
          {current.map((r) => (
            <RoundCard key={r.id} round={r} env={env} address={address} />
          ))}
          {past.length > 0 ? (
            <section aria-labelledby="past-rounds" className="flex flex-col gap-4">
              <h2 id="past-rounds" className="text-lg font-semibold text-text">
                Past rounds
              </h2>
              {past.map((r) => (
                <RoundCard key={r.id} round={r} env={env} address={address} />
              ))}
            </section>
          ) : null}
        </div>
      )}
      <p className="mt-8 text-sm text-muted">
        Every allocation is public and verifiable: anyone can download a round&apos;s tree and compare its
        root with the contract.{" "}
        <PageLink href="/airdrop/verify" className="text-gold underline underline-offset-2">
          How to verify an airdrop
        </PageLink>
      </p>
    </PageContainer>
  );
}
