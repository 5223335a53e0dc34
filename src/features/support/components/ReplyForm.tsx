"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { Button, Field } from "@/ui";
import { postPublicReply, postReply, supportKeys } from "../api";
import { LIMITS, replyFormErrors, rulesResolver } from "../rules";
import type { ReplyInput, Ticket } from "../schema";
import { Textarea } from "./controls";
import { useIdempotencyKey } from "./idempotency";

/** `token`: the private link of a ticket opened signed out (the reply goes without a session). */
export function ReplyForm({ ticket, token }: { ticket: Ticket; token?: string }) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const form = useForm<ReplyInput>({
    resolver: rulesResolver<ReplyInput>(replyFormErrors),
    defaultValues: { body: "" },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async () => {
    const values = form.getValues();
    try {
      const key = idempotency.keyFor([ticket.id, values]);
      const { ticket: updated } = token
        ? await postPublicReply(token, values, key)
        : await postReply(ticket.id, values, key);
      idempotency.done();
      queryClient.setQueryData(
        token ? supportKeys.publicTicket(token) : supportKeys.ticket(ticket.id),
        updated,
      );
      queryClient.setQueryData<Ticket[]>(supportKeys.tickets(), (old) =>
        old?.map((t) => (t.id === updated.id ? updated : t)),
      );
      form.reset({ body: "" });
      toast.success("Reply sent.");
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "Something went wrong");
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 flex flex-col gap-3"
      aria-label="Reply to this ticket"
    >
      <Field label="Your reply" error={errors.body?.message}>
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            rows={3}
            maxLength={LIMITS.reply.max + 100}
            placeholder={
              ticket.status === "closed" ? "Replying reopens the ticket" : "Add details or answer the team"
            }
            aria-describedby={describedBy}
            invalid={invalid}
            {...register("body")}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" size="sm" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send reply"}
        </Button>
      </div>
    </form>
  );
}
