"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, Field, MorePages, Skeleton } from "@/ui";
import { adminApi, when } from "./api";
import { ErrorText, Select, Table, td } from "./ui";

/** One endpoint's delivery log (newest first, by status), with "Redeliver" on failed rows. */
type Delivery = {
  eventId: string;
  type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: string;
  lastStatus: number | null;
  lastResponse: string | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
};

/**
 * How people tell endpoints apart: the listed URL is only scheme and host, the same for two
 * receivers on one service (two Slack channels), so the secret's last characters go with it.
 */
export const endpointName = (e: { url: string; secretHint: string }) => `${e.url} (secret ${e.secretHint})`;

export function WebhookDeliveries({
  endpoint,
}: {
  endpoint: { id: string; url: string; secretHint: string };
}) {
  const qc = useQueryClient();
  const [status, setStatus] = useState("");
  const key = ["admin", "webhook-deliveries", endpoint.id, status];
  const q = useInfiniteQuery({
    queryKey: key,
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const p = new URLSearchParams(Object.entries({ status, cursor: pageParam }).filter(([, v]) => v));
      return adminApi<{ deliveries: Delivery[]; nextCursor: string | null }>(
        `/api/admin/webhooks/${endpoint.id}/deliveries?${p}`,
      );
    },
    getNextPageParam: (l) => l.nextCursor ?? undefined,
    // A live log while something is on its way: pending rows turn delivered (or fail) on their own.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === "pending")) ? 3000 : false,
  });
  const again = useMutation({
    mutationFn: (eventId: string) =>
      adminApi(`/api/admin/webhooks/${endpoint.id}/deliveries/${eventId}/redeliver`, { method: "POST" }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["admin", "webhook-deliveries", endpoint.id] }),
  });
  const rows = q.data?.pages.flatMap((p) => p.deliveries) ?? [];
  return (
    <Card title="Deliveries" aria-label="Deliveries">
      <p className="mb-3 font-id text-xs break-all text-muted">{endpointName(endpoint)}</p>
      <div className="mb-3 max-w-xs">
        <Field label="Status">
          {({ id }) => (
            <Select id={id} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">any</option>
              <option value="pending">pending</option>
              <option value="delivered">delivered</option>
              <option value="failed">failed</option>
            </Select>
          )}
        </Field>
      </div>
      <ErrorText error={q.error ?? again.error} />
      {!q.data ? (
        <Skeleton className="h-24 w-full" label="Loading deliveries" />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted">
          Nothing {status ? `${status} ` : ""}yet. Deliveries appear here when a subscribed event happens.
        </p>
      ) : (
        <>
          <Table caption="Deliveries" head={["Event", "Status", "Attempts", "Last answer", ""]}>
            {rows.map((d) => (
              <tr key={d.eventId}>
                <td className={td}>
                  <span className="block text-text">{d.type}</span>
                  {/* The id the receiver got in X-Aurum-Event-Id: several deliveries of one type
                      are told apart, and matched with the receiver's log, by it. */}
                  <span className="block font-id text-xs text-muted" title={d.eventId}>
                    {d.eventId.slice(0, 8)}
                  </span>
                  <span className="text-xs text-muted">{when(d.createdAt)}</span>
                </td>
                <td className={td}>
                  <span data-testid="delivery-status">{d.status}</span>
                  {d.status === "pending" ? (
                    <span className="block text-xs text-muted">next {when(d.nextAttemptAt)}</span>
                  ) : null}
                </td>
                <td className={`${td} tabular`}>{d.attempts}</td>
                <td className={`${td} text-xs break-all text-muted`}>
                  {d.lastStatus !== null ? `HTTP ${d.lastStatus}` : ""}
                  {d.lastError ? `${d.lastStatus !== null ? " · " : ""}${d.lastError}` : ""}
                  {!d.lastError && d.lastResponse ? ` · ${d.lastResponse.slice(0, 120)}` : ""}
                  {d.lastStatus === null && !d.lastError ? "—" : ""}
                </td>
                <td className={td}>
                  {d.status === "failed" || (d.status === "pending" && d.attempts > 0) ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={again.isPending}
                      onClick={() => again.mutate(d.eventId)}
                      aria-label={`${d.status === "failed" ? "Redeliver" : "Retry now"} ${d.type} ${d.eventId}`}
                    >
                      {d.status === "failed" ? "Redeliver" : "Retry now"}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
          <MorePages query={q} label="Show older deliveries" className="mt-3" />
        </>
      )}
    </Card>
  );
}
