"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { ApiClientError } from "@/lib/api-client";
import { Button, Card, Field, Input } from "@/ui";
import { createTicket, supportKeys } from "../api";
import { CATEGORY_LABELS, LIMITS, rulesResolver, SUPPORT_CATEGORIES, ticketFormErrors } from "../rules";
import type { Ticket, TicketCreateInput } from "../schema";
import { Select, Textarea } from "./controls";
import { useIdempotencyKey } from "./idempotency";

const EMPTY: TicketCreateInput = {
  email: "",
  category: "" as TicketCreateInput["category"],
  subject: "",
  message: "",
  txHash: "",
};
const FIELDS = new Set(["email", "category", "subject", "message", "txHash"]);

/** The signed-in form on /support: a sent ticket joins the list below it. */
export function SupportForm() {
  const queryClient = useQueryClient();
  return (
    <TicketForm
      title="Open a ticket"
      emailHint="Where we can reach you if the thread is not enough."
      send={async (values, key) => {
        const ticket = await createTicket(values, key);
        queryClient.setQueryData<Ticket[]>(supportKeys.tickets(), (old) => [
          ticket,
          ...(old ?? []).filter((t) => t.id !== ticket.id),
        ]);
        await queryClient.invalidateQueries({ queryKey: supportKeys.tickets() });
        toast.success("Ticket sent. We will answer here — you can follow it below.");
      }}
      onError={(message) => toast.error(message)}
    />
  );
}

type TicketFormProps = {
  title: string;
  emailHint: string;
  /** Sends the values with the submission's Idempotency-Key; throws the server's error. */
  send: (values: TicketCreateInput, idempotencyKey: string) => Promise<void>;
  onError: (message: string) => void;
  /** A message shown above the submit button (e.g. the last error), announced when it changes. */
  notice?: React.ReactNode;
};

/** The ticket form shared by /support (signed in) and the help panel on /connect (signed out). */
export function TicketForm({ title, emailHint, send, onError, notice }: TicketFormProps) {
  const idempotency = useIdempotencyKey();
  const form = useForm<TicketCreateInput>({
    resolver: rulesResolver<TicketCreateInput>(ticketFormErrors),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
    watch,
  } = form;

  const onSubmit = handleSubmit(async (_parsed, event) => {
    // Send what the user typed; the server trims and validates with the same schema.
    const values = form.getValues();
    const key = idempotency.keyFor(values);
    try {
      await send(values, key);
      idempotency.done();
      form.reset(EMPTY);
    } catch (err) {
      const message = err instanceof Error ? err.message : "Something went wrong";
      // Server validation names the field ("subject: …"): show it under that field as well.
      const match = /^(\w+): (.+)$/.exec(message);
      if (err instanceof ApiClientError && err.status === 400 && match && FIELDS.has(match[1] as string)) {
        form.setError(match[1] as keyof TicketCreateInput, { message: match[2] });
      }
      onError(message);
    }
    event?.preventDefault();
  });

  const messageLength = (watch("message") ?? "").length;

  return (
    <Card title={title} as="section" aria-label="Open a support ticket">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="support-form">
        <div className="grid gap-5 md:grid-cols-2">
          <Field label="Email" error={errors.email?.message} hint={emailHint}>
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                type="email"
                autoComplete="email"
                inputMode="email"
                aria-describedby={describedBy}
                invalid={invalid}
                {...register("email")}
              />
            )}
          </Field>
          <Field label="Category" error={errors.category?.message}>
            {({ id, describedBy, invalid }) => (
              <Select id={id} aria-describedby={describedBy} invalid={invalid} {...register("category")}>
                <option value="">Choose a category…</option>
                {SUPPORT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {CATEGORY_LABELS[c]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label="Subject" error={errors.subject?.message}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              maxLength={LIMITS.subject.max + 20}
              placeholder="e.g. Faucet claim stuck in the queue"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register("subject")}
            />
          )}
        </Field>
        <Field
          label="Message"
          error={errors.message?.message}
          hint={
            <span className="tabular">
              What happened, what you expected, and what you already tried. {messageLength}/
              {LIMITS.message.max}
            </span>
          }
        >
          {({ id, describedBy, invalid }) => (
            <Textarea
              id={id}
              rows={6}
              className="min-h-32"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register("message")}
            />
          )}
        </Field>
        <Field
          label="Transaction hash (optional)"
          error={errors.txHash?.message}
          hint="If a transaction is involved: 0x followed by 64 hex characters, from your wallet's activity."
        >
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              className="font-id"
              spellCheck={false}
              autoComplete="off"
              placeholder="0x…"
              aria-describedby={describedBy}
              invalid={invalid}
              {...register("txHash")}
            />
          )}
        </Field>
        {notice}
        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted">
            We never ask for your seed phrase or private key. Do not paste them anywhere.
          </p>
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="sm:min-w-36">
            {isSubmitting ? "Sending…" : "Send ticket"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
