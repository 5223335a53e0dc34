"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, EmptyState, Field, MorePages, PageLink, Skeleton } from "@/ui";
import { adminApi, newKey, when } from "./api";
import { ErrorText, Select, TextArea, Who, whoText } from "./ui";

type Row = {
  id: string;
  subject: string;
  category: string;
  status: string;
  /** Null for a ticket opened signed out: shown by its email. */
  address: string | null;
  email: string;
  name: string | null;
  assignee: string | null;
  assigneeName: string | null;
  messages: number;
  createdAt: string;
  updatedAt: string;
};
type Thread = {
  ticket: {
    id: string;
    subject: string;
    status: string;
    category: string;
    email: string;
    txHash: string | null;
    messages: { id: string; author: string; body: string; createdAt: string }[];
  };
  address: string | null;
  name: string | null;
  assignee: string | null;
  assigneeName: string | null;
};

const CATEGORIES = ["wallet", "faucet", "swap", "stake", "points", "other"];

export function SupportInbox({ me }: { me: string }) {
  const [status, setStatus] = useState("open");
  const [category, setCategory] = useState("");
  const [age, setAge] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const params = new URLSearchParams(Object.entries({ status, category, age }).filter(([, v]) => v));
  // Pages of 50, newest activity first; "Show more" asks for the next one by the last page's
  // keyset cursor, so tickets that get activity meanwhile are not shown twice.
  const list = useInfiniteQuery({
    queryKey: ["admin", "tickets", status, category, age],
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const page = new URLSearchParams(params);
      if (pageParam) page.set("cursor", pageParam);
      return adminApi<{ tickets: Row[]; nextCursor: string | null }>(`/api/admin/support/tickets?${page}`);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const tickets = list.data?.pages.flatMap((p) => p.tickets) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <form
        className="grid grid-cols-3 gap-3 sm:max-w-xl"
        aria-label="Filter tickets"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label="Status">
          {({ id }) => (
            <Select id={id} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">any</option>
              <option value="open">open</option>
              <option value="answered">answered</option>
              <option value="closed">closed</option>
            </Select>
          )}
        </Field>
        <Field label="Category">
          {({ id }) => (
            <Select id={id} value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">any</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Age">
          {({ id }) => (
            <Select id={id} value={age} onChange={(e) => setAge(e.target.value)}>
              <option value="">any</option>
              <option value="1d">under a day</option>
              <option value="7d">under a week</option>
              <option value="older">older than a week</option>
            </Select>
          )}
        </Field>
      </form>
      <ErrorText error={list.error} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div>
          {!list.data ? (
            <Skeleton className="h-40 w-full" label="Loading tickets" />
          ) : tickets.length === 0 ? (
            <EmptyState
              title="No tickets here"
              description="Nothing matches these filters. Try another status, or come back when participants write in."
            />
          ) : (
            <>
              <ul className="flex flex-col gap-2" aria-label="Tickets">
                {tickets.map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      onClick={() => setSelected(t.id)}
                      aria-pressed={selected === t.id}
                      className="w-full rounded-card border border-border bg-surface p-3 text-left hover:border-gold aria-pressed:border-gold"
                    >
                      <span className="block truncate font-medium text-text">{t.subject}</span>
                      <span className="mt-1 block text-xs text-muted">
                        <span data-testid="ticket-from" className="text-text">
                          {t.address ? whoText(t.address, t.name) : `${t.email} (signed out)`}
                        </span>{" "}
                        · {t.status} · {t.category} · {t.messages} messages · {when(t.updatedAt)}
                        {t.assignee
                          ? ` · ${t.assignee === me.toLowerCase() ? "assigned to you" : `assigned to ${whoText(t.assignee, t.assigneeName)}`}`
                          : ""}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <MorePages query={list} className="mt-3" />
            </>
          )}
        </div>
        {selected ? (
          // One thread per ticket: the reply drafted for one participant (and its idempotency key)
          // must not stay in the box when the operator opens another participant's ticket.
          <TicketThread key={selected} id={selected} me={me} />
        ) : (
          <p className="text-sm text-muted">Choose a ticket to read its thread and reply.</p>
        )}
      </div>
    </div>
  );
}

function TicketThread({ id, me }: { id: string; me: string }) {
  const qc = useQueryClient();
  const [reply, setReply] = useState("");
  const [key, setKey] = useState(newKey);
  const thread = useQuery({
    queryKey: ["admin", "ticket", id],
    queryFn: () => adminApi<Thread>(`/api/admin/support/tickets/${id}`),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["admin"] });
  const send = useMutation({
    mutationFn: () =>
      adminApi(`/api/admin/support/tickets/${id}/messages`, {
        method: "POST",
        body: { body: reply },
        idempotencyKey: key,
      }),
    onSuccess: () => {
      setReply("");
      setKey(newKey());
      void refresh();
    },
  });
  const patch = useMutation({
    mutationFn: (body: { status?: string; assignee?: string }) =>
      adminApi(`/api/admin/support/tickets/${id}`, { method: "PATCH", body }),
    onSuccess: () => void refresh(),
  });
  if (!thread.data)
    return thread.error ? (
      <ErrorText error={thread.error} />
    ) : (
      <Skeleton className="h-60 w-full" label="Loading the thread" />
    );
  const t = thread.data.ticket;
  const mine = thread.data.assignee === me.toLowerCase();
  return (
    <Card
      title={t.subject}
      aside={<span className="text-xs text-muted">{t.status}</span>}
      aria-label="Ticket thread"
    >
      <div className="mb-3 flex flex-col gap-1 text-xs text-muted">
        {thread.data.address ? (
          <PageLink href={`/admin/participants/${thread.data.address}`} className="w-fit hover:underline">
            {/* Not an aria-label: the name must contain the visible name and address (WCAG 2.5.3). */}
            <span className="sr-only">Participant profile of </span>
            <Who address={thread.data.address} name={thread.data.name} full />
          </PageLink>
        ) : (
          <p>Opened signed out: answers go to the email below.</p>
        )}
        <p className="break-all">
          {t.email} · {t.category}
          {t.txHash ? ` · ${t.txHash}` : ""}
        </p>
      </div>
      <ol className="flex flex-col gap-3" aria-label="Messages">
        {t.messages.map((m) => (
          <li
            key={m.id}
            className={
              m.author === "staff"
                ? "rounded-card border border-gold/40 bg-raised p-3"
                : "rounded-card border border-border p-3"
            }
          >
            <p className="mb-1 text-xs text-muted">
              {m.author === "staff" ? "Staff" : "Participant"} · {when(m.createdAt)}
            </p>
            <p className="text-sm whitespace-pre-wrap">{m.body}</p>
          </li>
        ))}
      </ol>
      <form
        className="mt-4 flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (reply.trim()) send.mutate();
        }}
      >
        <Field label="Reply">
          {({ id: fid }) => (
            <TextArea id={fid} value={reply} onChange={(e) => setReply(e.target.value)} maxLength={5000} />
          )}
        </Field>
        <ErrorText error={send.error ?? patch.error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!reply.trim() || send.isPending}>
            {send.isPending ? "Sending…" : "Send reply"}
          </Button>
          {/* One change at a time: a second click while one is pending would send it twice. */}
          {t.status === "closed" ? (
            <Button
              variant="secondary"
              disabled={patch.isPending}
              onClick={() => patch.mutate({ status: "open" })}
            >
              {patch.isPending && patch.variables?.status === "open" ? "Reopening…" : "Reopen"}
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={patch.isPending}
              onClick={() => patch.mutate({ status: "closed" })}
            >
              {patch.isPending && patch.variables?.status === "closed" ? "Closing…" : "Close"}
            </Button>
          )}
          <Button
            variant="ghost"
            disabled={patch.isPending}
            onClick={() => patch.mutate({ assignee: mine ? "nobody" : "me" })}
          >
            {patch.isPending && patch.variables?.assignee ? "Saving…" : mine ? "Unassign me" : "Assign to me"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
