"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { EmptyState, MorePages, Skeleton } from "@/ui";
import { buttonClasses } from "@/ui/Button";
import { adminApi, daysAgo, when } from "./api";
import { ErrorText, Table, td, Who } from "./ui";

type Entry = {
  id: string;
  actor: string;
  actorName: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};

const brief = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v).slice(0, 160));

export function AuditScreen() {
  const q = useInfiniteQuery({
    queryKey: ["admin", "audit"],
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      adminApi<{ entries: Entry[]; nextCursor: string | null }>(
        `/api/admin/audit${pageParam ? `?cursor=${pageParam}` : ""}`,
      ),
    getNextPageParam: (l) => l.nextCursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div>
        <a
          className={buttonClasses("secondary")}
          href={`/api/admin/exports/audit.csv?from=${daysAgo(365)}&to=${daysAgo(0)}`}
          download
        >
          Export the last year as CSV
        </a>
      </div>
      <ErrorText error={q.error} />
      {!q.data ? (
        <Skeleton className="h-40 w-full" label="Loading the audit log" />
      ) : rows.length === 0 ? (
        <EmptyState
          title="Nothing logged yet"
          description="Every operator action (points, tasks, content, tickets, settings, staff) is recorded here as it happens."
        />
      ) : (
        <>
          <Table caption="Audit log" head={["When", "Who", "What", "Target", "Before → after"]}>
            {rows.map((e) => (
              <tr key={e.id}>
                <td className={td}>{when(e.createdAt)}</td>
                <td className={td}>
                  <Who address={e.actor} name={e.actorName} />
                </td>
                <td className={td}>{e.action}</td>
                <td className={`${td} font-id text-xs break-all`}>{e.target}</td>
                <td className={`${td} font-id text-xs break-all text-muted`}>
                  {brief(e.before)} → {brief(e.after)}
                </td>
              </tr>
            ))}
          </Table>
          <MorePages query={q} label="Show older" />
        </>
      )}
    </div>
  );
}
