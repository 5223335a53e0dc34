"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { Button, Field, Input, Skeleton } from "@/ui";
import { emailSchema, type ProfileEmail } from "../schema";

const formSchema = z.object({ email: emailSchema });
type FormValues = z.input<typeof formSchema>;

const readEmail = () => apiFetch<ProfileEmail>("/api/profile/email");
const saveEmail = (email: string) =>
  apiFetch<ProfileEmail>("/api/profile/email", { method: "PUT", body: { email } });

export type ProfileEmailFormProps = {
  /** Called after a successful save (the modal closes, the page shows the state). */
  onSaved?: (saved: ProfileEmail) => void;
  submitLabel?: string;
  /** Extra buttons beside Save (the modal's Skip); also offered when the saved email cannot be read. */
  actions?: ReactNode;
  /** The saved email could not be read (true), or was read after all (false). */
  onLoadFailed?: (failed: boolean) => void;
};

/**
 * The line under the field. Each unverified case says what is true: a link is in the inbox, no link
 * is waiting (expired, or the mail server refused it) though the portal does mail, or the portal
 * sends no mail at all. It once said "this portal does not send mail" on every reload, even right
 * after mailing a link, because GET always answered `verificationSent: false`.
 */
function emailStatus(state: ProfileEmail): string {
  if (!state.email) return "No email saved yet.";
  if (state.verified) return "Verified.";
  if (state.verificationSent)
    return `We sent a link to ${state.email} — check your inbox. Save again to get a new link.`;
  if (state.mailEnabled)
    return "Not verified yet: no link is waiting (it expired or could not be sent). Save again to get a new link.";
  return "Not verified: this portal does not send mail, so the address stays unverified.";
}

/**
 * The optional email, prefilled when known (the seed's DataCapture), shared by the wallet modal and
 * /profile. Saving a new address mails a verification link when the server has SMTP; otherwise it
 * stays unverified, and this says so.
 */
export function ProfileEmailForm({
  onSaved,
  submitLabel = "Save",
  actions,
  onLoadFailed,
}: ProfileEmailFormProps) {
  const [state, setState] = useState<ProfileEmail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Each "Try again" reads the saved email anew.
  const [loads, setLoads] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { email: "" } });
  const { reset, setFocus } = form;
  // The caller's callback may change on every render; the read must not restart for it.
  const loadFailed = useRef(onLoadFailed);
  useEffect(() => {
    loadFailed.current = onLoadFailed;
  }, [onLoadFailed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `loads` is the retry trigger
  useEffect(() => {
    let live = true;
    readEmail()
      .then((s) => {
        if (!live) return;
        setState(s);
        setLoadError(null);
        reset({ email: s.email ?? "" });
        loadFailed.current?.(false);
      })
      .catch((e: Error) => {
        if (!live) return;
        setLoadError(e.message);
        loadFailed.current?.(true);
      })
      .finally(() => live && setRetrying(false));
    return () => {
      live = false;
    };
  }, [reset, loads]);

  // "Try again" led to the form: its button is gone, so the keyboard focus goes to the field (not
  // to the page behind a dialog).
  useEffect(() => {
    if (state && loads > 0) setFocus("email");
  }, [state, loads, setFocus]);

  const submit = form.handleSubmit(async (values) => {
    setSaveError(null);
    try {
      const saved = await saveEmail(values.email);
      setState(saved);
      onSaved?.(saved);
    } catch (e) {
      setSaveError(e instanceof Error ? e.message : "Unknown error");
    }
  });

  if (loadError) {
    // Not a dead end: the modal's required step has nothing else to offer while the email is unknown.
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-danger">
          {loadError}
        </p>
        <div className="flex gap-2">
          {actions}
          <Button
            onClick={() => {
              // Not disabled while it runs: a disabled button drops the keyboard focus it holds.
              if (retrying) return;
              setRetrying(true);
              setLoads((n) => n + 1);
            }}
            aria-busy={retrying}
            className="flex-1"
          >
            {retrying ? "Trying again…" : "Try again"}
          </Button>
        </div>
      </div>
    );
  }
  if (!state) return <Skeleton className="h-20 w-full" label="Loading your email" />;

  const status = emailStatus(state);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
      <Field
        label="Email"
        error={form.formState.errors.email?.message ?? saveError ?? undefined}
        hint={status}
      >
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            placeholder="you@example.org"
            aria-describedby={describedBy}
            invalid={invalid}
            data-testid="profile-email-input"
            {...form.register("email")}
          />
        )}
      </Field>
      <div className="flex gap-2">
        {actions}
        <Button type="submit" disabled={form.formState.isSubmitting} className="flex-1">
          {form.formState.isSubmitting ? "Saving…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
