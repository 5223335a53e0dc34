"use client";

import { type FormEvent, useState } from "react";

/**
 * A few text fields validated at render: what the swap, liquidity and send forms need of a form
 * library, in a few lines instead of react-hook-form's ~9 KB gzip on each page (docs/ARCHITECTURE.md,
 * "Client bundles"; the stake forms use the one-field `useAmountInput` of the same shape).
 *
 * The caller computes each field's message at every render from the live context (balances and
 * quotes refresh while the user types), so a shown message always matches what Submit checks.
 * Which messages show follows react-hook-form's modes: a field's message shows once the field is
 * "checked" — at its first change in `"change"` mode, only after the first submit in `"submit"`
 * mode (or when `set` is told to validate, e.g. Max) — and none again after `reset`.
 */
export function useFields<K extends string>(empty: Record<K, string>, mode: "change" | "submit") {
  const [values, setValues] = useState(empty);
  const [checked, setChecked] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const markAll = (on: boolean) =>
    Object.fromEntries(Object.keys(empty).map((k) => [k, on])) as Partial<Record<K, boolean>>;
  const shown = (problems: Partial<Record<K, string | null | undefined>>) => {
    const errors: Partial<Record<K, string>> = {};
    for (const key of Object.keys(empty) as K[]) {
      const message = problems[key];
      if (checked[key] && message) errors[key] = message;
    }
    return errors;
  };

  return {
    values,
    /** The messages to show now: `problems` of the checked fields only. */
    shown,
    /**
     * A typed or computed value. `validate`: true shows its message from now on, false hides it
     * until the next check; by default the mode decides (always in "change", after a submit in "submit").
     */
    set: (field: K, value: string, validate?: boolean) => {
      setValues((v) => ({ ...v, [field]: value }));
      const on = validate ?? (mode === "change" || submitted ? true : undefined);
      if (on !== undefined) setChecked((c) => ({ ...c, [field]: on }));
    },
    /** Hides a field's message until it is checked again (e.g. the token changed). */
    uncheck: (field: K) => setChecked((c) => ({ ...c, [field]: false })),
    reset: (next: Record<K, string> = empty) => {
      setValues(next);
      setChecked({});
      setSubmitted(false);
    },
    /**
     * The form's onSubmit: shows every field's message and runs `fn` with the values only when
     * `problems` (this render's) has none.
     */
    handleSubmit:
      (problems: Partial<Record<K, string | null | undefined>>, fn: (values: Record<K, string>) => unknown) =>
      (e?: FormEvent) => {
        e?.preventDefault();
        setSubmitted(true);
        setChecked(markAll(true));
        if (Object.values(problems).every((m) => !m)) void fn(values);
      },
  };
}
