import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Button, Card, cn, Field, Input } from "@/ui";
import { shortAddr } from "./api";

/** Small building blocks shared by the console screens. */

export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  // The message in the text colour: red on the red-tinted box is 4.3:1, under WCAG AA's 4.5 (axe
  // found it once a save was refused, e2e/admin.spec.ts).
  return (
    <p
      role="alert"
      className="rounded-control border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-text"
    >
      {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

export function Select({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={cn(
        "h-10 w-full rounded-control border border-border bg-bg px-2 text-sm text-text focus:border-gold focus:outline-none",
        className,
      )}
      {...rest}
    />
  );
}

export function TextArea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(
        "min-h-24 w-full rounded-control border border-border bg-bg px-3 py-2 text-sm text-text focus:border-gold focus:outline-none",
        className,
      )}
      {...rest}
    />
  );
}

export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-card border border-border bg-surface p-4">
      <p className="text-xs text-muted">{label}</p>
      <p className="tabular mt-1 text-2xl font-semibold text-text">{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

/** A table that scrolls sideways on phones instead of breaking the page width. */
export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    // Focusable and named, so keyboard users can scroll a wide table on a phone (axe scrollable-region-focusable).
    <section
      className="overflow-x-auto rounded-card border border-border"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-raised text-xs text-muted">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </section>
  );
}

export const td = "px-3 py-2 align-top";

/**
 * A participant as the console shows them (issue 16): the primary name when there is one, with the
 * address always beside it (short, full on hover) — operators search and paste addresses.
 */
export function Who({
  address,
  name,
  full = false,
}: {
  address: string;
  name?: string | null;
  full?: boolean;
}) {
  const addr = full ? address : shortAddr(address);
  return (
    <span className="inline-flex min-w-0 flex-col">
      {name ? <span className="truncate font-medium text-text">{name}</span> : null}
      <span title={address} className="font-id text-xs break-all text-muted">
        {addr}
      </span>
    </span>
  );
}

/** "alice.aurum (0x1234…abcd)" or the short address: for one line of text (e.g. inside a button). */
export const whoText = (address: string, name?: string | null) => {
  return name ? `${name} (${shortAddr(address)})` : shortAddr(address);
};

/** The console's date range (Overview, Exports): two date inputs, `from` never after `to`. */
export function DateRangeForm({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label="Date range"
      onSubmit={(e) => e.preventDefault()}
    >
      <Field label="From" className="w-40">
        {({ id }) => (
          <Input
            id={id}
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && onFrom(e.target.value)}
          />
        )}
      </Field>
      <Field label="To" className="w-40">
        {({ id }) => (
          <Input
            id={id}
            type="date"
            value={to}
            min={from}
            onChange={(e) => e.target.value && onTo(e.target.value)}
          />
        )}
      </Field>
    </form>
  );
}

/**
 * A console editor (news, tasks, FAQ): a card with its form, the save error, and the buttons: save
 * (submits), the editor's own `actions`, Cancel.
 */
export function EditorCard({
  title,
  onSubmit,
  error,
  submitLabel,
  saving = false,
  actions,
  onCancel,
  className = "gap-4",
  children,
}: {
  title: string;
  onSubmit: () => void;
  error: unknown;
  submitLabel: ReactNode;
  /** Disables the save button while a save is under way. */
  saving?: boolean;
  actions?: ReactNode;
  onCancel: () => void;
  /** The form's gap between rows. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <form
        className={cn("flex flex-col", className)}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <ErrorText error={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving}>
            {submitLabel}
          </Button>
          {actions}
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
