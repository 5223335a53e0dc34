"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, EmptyState, Field, Input, MorePages, Skeleton } from "@/ui";
import { CopyButton } from "@/ui/CopyButton";
import { adminApi, when } from "./api";
import { ErrorText, Table, td } from "./ui";
import { endpointName, WebhookDeliveries } from "./WebhookDeliveries";

// The webhooks screen (docs/integrations.md, "Outgoing webhooks"): endpoints, a new endpoint's
// secret shown once, and each endpoint's delivery log with redelivery of failed deliveries.

const EVENT_TYPES = [
  "participant.signed_up",
  "task.completed",
  "faucet.paid",
  "ticket.opened",
  "airdrop.claimed",
] as const;

type Endpoint = {
  id: string;
  /** Scheme and host, the rest `<hidden>` (a path may hold the receiver's token); the creation's answer has it whole. */
  url: string;
  events: string[];
  enabled: boolean;
  source: "console" | "env";
  createdAt: string;
  secretHint: string;
};

const ENDPOINTS = ["admin", "webhooks"] as const;

export function WebhooksScreen() {
  const qc = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const list = useInfiniteQuery({
    queryKey: ENDPOINTS,
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      adminApi<{ endpoints: Endpoint[]; nextCursor: string | null }>(
        `/api/admin/webhooks${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (l) => l.nextCursor ?? undefined,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ENDPOINTS });
  const toggle = useMutation({
    mutationFn: (e: Endpoint) =>
      adminApi(`/api/admin/webhooks/${e.id}`, { method: "PATCH", body: { enabled: !e.enabled } }),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: string) => adminApi(`/api/admin/webhooks/${id}`, { method: "DELETE" }),
    onSuccess: (_, id) => {
      if (selected === id) setSelected(null);
      void refresh();
    },
  });
  const endpoints = list.data?.pages.flatMap((p) => p.endpoints) ?? [];
  const current = endpoints.find((e) => e.id === selected);
  return (
    <div className="flex flex-col gap-6">
      <AddEndpoint
        onCreated={(e) => {
          setSecret(e);
          void refresh();
        }}
      />
      {secret ? (
        <Card title="Signing secret" aria-label="Signing secret" className="border-gold/60">
          <p className="text-sm text-muted">
            The secret of <span className="break-all text-text">{secret.url}</span>. Copy it into the receiver
            now: it is shown this once.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code data-testid="webhook-secret" className="font-id text-sm break-all text-gold">
              {secret.secret}
            </code>
            <CopyButton value={secret.secret} label="secret" />
          </div>
          <Button className="mt-3" variant="secondary" size="sm" onClick={() => setSecret(null)}>
            I have stored it
          </Button>
        </Card>
      ) : null}
      <ErrorText error={list.error ?? toggle.error ?? remove.error} />
      {!list.data ? (
        <Skeleton className="h-32 w-full" label="Loading webhook endpoints" />
      ) : endpoints.length === 0 ? (
        <EmptyState
          title="No webhook endpoints yet"
          description="Add a receiver's URL above, or list it in WEBHOOK_URLS, to have events sent to it."
        />
      ) : (
        <>
          <Table caption="Webhook endpoints" head={["Endpoint", "Events", "State", ""]}>
            {endpoints.map((e) => (
              <tr key={e.id}>
                <td className={td}>
                  <span className="block font-id text-xs break-all text-text">{e.url}</span>
                  <span className="text-xs text-muted">
                    {e.source === "env" ? "from WEBHOOK_URLS" : "added here"} · secret {e.secretHint} ·{" "}
                    {when(e.createdAt)}
                  </span>
                </td>
                <td className={`${td} text-xs`}>{e.events.length ? e.events.join(", ") : "every event"}</td>
                <td className={td}>{e.enabled ? "enabled" : "disabled"}</td>
                <td className={td}>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant={selected === e.id ? "primary" : "secondary"}
                      aria-pressed={selected === e.id}
                      onClick={() => setSelected(e.id)}
                      aria-label={`Deliveries of ${endpointName(e)}`}
                    >
                      Deliveries
                    </Button>
                    {e.source === "console" ? (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={toggle.isPending}
                          onClick={() => toggle.mutate(e)}
                          aria-label={`${e.enabled ? "Disable" : "Enable"} ${endpointName(e)}`}
                        >
                          {e.enabled ? "Disable" : "Enable"}
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          disabled={remove.isPending}
                          onClick={() => {
                            if (window.confirm(`Remove ${endpointName(e)} and its delivery log?`))
                              remove.mutate(e.id);
                          }}
                          aria-label={`Remove ${endpointName(e)}`}
                        >
                          Remove
                        </Button>
                      </>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </Table>
          <MorePages query={list} label="Show more endpoints" />
        </>
      )}
      {current ? (
        <WebhookDeliveries endpoint={current} />
      ) : endpoints.length ? (
        <p className="text-sm text-muted">Choose an endpoint's "Deliveries" to see what was sent to it.</p>
      ) : null}
    </div>
  );
}

function AddEndpoint({ onCreated }: { onCreated: (e: { url: string; secret: string }) => void }) {
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: () =>
      adminApi<{ endpoint: Endpoint & { secret: string } }>("/api/admin/webhooks", {
        method: "POST",
        body: { url: url.trim(), events },
      }),
    onSuccess: ({ endpoint }) => {
      setUrl("");
      setEvents([]);
      onCreated({ url: endpoint.url, secret: endpoint.secret });
    },
  });
  return (
    <Card title="Add an endpoint">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field label="Receiver URL">
          {({ id }) => (
            <Input
              id={id}
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.org/hooks/aurum"
              className="font-id"
            />
          )}
        </Field>
        <fieldset>
          <legend className="mb-1 text-sm text-text">Events (none ticked: every event)</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {EVENT_TYPES.map((t) => (
              <label key={t} className="inline-flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-gold)]"
                  checked={events.includes(t)}
                  onChange={(e) =>
                    setEvents((cur) => (e.target.checked ? [...cur, t] : cur.filter((x) => x !== t)))
                  }
                />
                {t}
              </label>
            ))}
          </div>
        </fieldset>
        <ErrorText error={create.error} />
        <Button
          type="submit"
          className="w-fit"
          disabled={!/^https?:\/\/\S+$/.test(url.trim()) || create.isPending}
        >
          {create.isPending ? "Adding…" : "Add endpoint"}
        </Button>
      </form>
    </Card>
  );
}
