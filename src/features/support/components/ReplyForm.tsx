"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "react-toastify";
import { Button, Field } from "@/ui";
import { postReply, supportKeys } from "../api";
import { LIMITS, type ReplyInput, replySchema, type Ticket } from "../schema";
import { Textarea } from "./controls";
import { useIdempotencyKey } from "./idempotency";

export function ReplyForm({ ticket }: { ticket: Ticket }) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const form = useForm<ReplyInput>({ resolver: zodResolver(replySchema), defaultValues: { body: "" } });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async () => {
    const values = form.getValues();
    try {
      const { ticket: updated } = await postReply(ticket.id, values, idempotency.keyFor([ticket.id, values]));
      idempotency.done();
      queryClient.setQueryData(supportKeys.ticket(ticket.id), updated);
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
