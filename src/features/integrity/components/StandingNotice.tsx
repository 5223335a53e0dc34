"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/api-client";
import { usePageData } from "@/lib/page-data-block";
import { Button, ButtonLink, Card, Field, Input } from "@/ui";
import { APPEAL_NOTE_MAX, CATEGORY_TEXT } from "../categories";
import type { MyStanding } from "../schema";

const postAppeal = (input: { email: string; note: string }) =>
  apiFetch<{ ticketId: string }>("/api/integrity/appeal", { body: input });

/**
 * The participant's standing on /rewards: nothing while they take part normally; when excluded, the
 * status, the reason category and a one-click appeal that opens a support ticket with the context
 * (the email of their latest ticket is reused; without one, they type it once) and, if they like,
 * a short explanation of their own (at most APPEAL_NOTE_MAX characters, as the API takes).
 */
export function StandingNotice(props: { initial: MyStanding } | { fromDocument: true; page: string }) {
  // A signed-in shell (docs/ARCHITECTURE.md, "Rendering and CSP") has the standing in the page-data
  // block, read after hydration; nothing shows until then (nearly everyone has no notice at all).
  const fromDocument = "fromDocument" in props;
  const seed = usePageData<{ standing: MyStanding }>(fromDocument ? props.page : "", fromDocument);
  const initial = fromDocument ? seed?.data.standing : props.initial;
  if (!initial) return null;
  return <Notice initial={initial} />;
}

function Notice({ initial }: { initial: MyStanding }) {
  const [ticketId, setTicketId] = useState(initial.appealTicketId);
  const [email, setEmail] = useState(initial.email ?? "");
  const [askEmail, setAskEmail] = useState(false);
  const [note, setNote] = useState("");
  // Counted as the API counts it (trimmed); past the limit the appeal is not sent, the field says why.
  const noteLength = note.trim().length;
  const noteError =
    noteLength > APPEAL_NOTE_MAX
      ? `Maximum ${APPEAL_NOTE_MAX} characters (${noteLength.toLocaleString("en-US")} now).`
      : undefined;
  const appeal = useMutation({
    mutationFn: postAppeal,
    onSuccess: (r) => setTicketId(r.ticketId),
  });
  if (!initial.excluded || !initial.reasonCategory) return null;

  const send = () => {
    if (noteError) return;
    if (!email) return setAskEmail(true);
    appeal.mutate({ email, note: note.trim() });
  };

  return (
    <Card title="Your standing" className="mb-6 border-danger/50" data-testid="standing">
      <p className="font-medium text-danger" data-testid="standing-status">
        Excluded from the campaign's rewards
      </p>
      <p className="mt-1 text-sm text-muted">
        Reason:{" "}
        <span className="text-text" data-testid="standing-reason">
          {CATEGORY_TEXT[initial.reasonCategory]}
        </span>
        {initial.since ? ` · since ${initial.since.slice(0, 10)}` : null}
      </p>
      <p className="mt-2 text-sm text-muted">
        Your account and history are kept, but you earn no points, bring no referral bonus, are not on the
        leaderboard and are not in the airdrop. If you think this is a mistake, appeal: the team reviews it.
      </p>
      {ticketId ? (
        <p className="mt-4 text-sm text-success" role="status" data-testid="appeal-open">
          Your appeal is open.{" "}
          <a href={`/support/tickets/${ticketId}`} className="text-gold underline-offset-4 hover:underline">
            Follow it in Support
          </a>
          .
        </p>
      ) : (
        <form
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <Field
            label="Why this is a mistake (optional)"
            hint={`Up to ${APPEAL_NOTE_MAX.toLocaleString("en-US")} characters; the team reads it with your appeal.`}
            error={noteError}
            className="w-full"
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                rows={3}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                data-testid="appeal-note"
                className={`w-full rounded-control border bg-bg px-3 py-2 text-sm text-text focus:border-gold focus:outline-none ${invalid ? "border-danger" : "border-border"}`}
              />
            )}
          </Field>
          {askEmail ? (
            <Field label="Email for the answer" className="min-w-56 flex-1">
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  aria-describedby={describedBy}
                  type="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  autoComplete="email"
                />
              )}
            </Field>
          ) : null}
          <Button type="submit" disabled={appeal.isPending || Boolean(noteError)} data-testid="appeal-button">
            {appeal.isPending ? "Sending…" : askEmail ? "Send appeal" : "Appeal"}
          </Button>
          <ButtonLink href="/support" variant="secondary">
            Contact support
          </ButtonLink>
        </form>
      )}
      {appeal.error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {appeal.error.message}
        </p>
      ) : null}
    </Card>
  );
}
