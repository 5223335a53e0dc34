"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatInteger } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Button, EmptyState, Field, Input, MorePages, PageLink, Skeleton } from "@/ui";
import { adminApi, NOT_SIGNED_IN, when } from "./api";
import { ErrorText, Table, td, Who } from "./ui";

type Page = {
  participants: {
    address: string;
    referralCode: string;
    name: string | null;
    points: number;
    /** Null: added by the points import, not signed in yet. */
    joinedAt: string | null;
  }[];
  nextCursor: string | null;
};

export function ParticipantsScreen() {
  const { locale } = useFormat();
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const q = useInfiniteQuery({
    queryKey: ["admin", "participants", search],
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      adminApi<Page>(
        `/api/admin/participants?${new URLSearchParams({ ...(search ? { search } : {}), ...(pageParam ? { cursor: pageParam } : {}) })}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.participants) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <form
        aria-label="Search participants"
        className="flex items-end gap-2 sm:max-w-lg"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(draft.trim());
        }}
      >
        <Field label="Address, referral code or name" className="flex-1">
          {({ id }) => (
            <Input
              id={id}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="0x1234… or ABCD1234"
            />
          )}
        </Field>
        <Button type="submit">Search</Button>
      </form>
      <ErrorText error={q.error} />
      {!q.data ? (
        <Skeleton className="h-40 w-full" label="Loading participants" />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No participants found"
          description={
            search
              ? "Nobody matches this search. Check the address or code."
              : "Nobody has signed in yet. Participants appear here after their first sign-in."
          }
        />
      ) : (
        <>
          <Table caption="Participants" head={["Participant", "Referral code", "Points", "Joined"]}>
            {rows.map((p) => (
              <tr key={p.address}>
                <td className={td}>
                  <PageLink href={`/admin/participants/${p.address}`} className="hover:underline">
                    <Who address={p.address} name={p.name} full />
                  </PageLink>
                </td>
                <td className={`${td} font-id`}>{p.referralCode}</td>
                <td className={`${td} tabular`}>{formatInteger(p.points, locale)}</td>
                <td className={td}>{p.joinedAt ? when(p.joinedAt) : NOT_SIGNED_IN}</td>
              </tr>
            ))}
          </Table>
          <MorePages query={q} />
        </>
      )}
    </div>
  );
}
