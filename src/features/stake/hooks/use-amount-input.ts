"use client";

import { type FormEvent, useState } from "react";

/**
 * One validated amount input: what the stake and unstake forms need of a form library, in a few
 * lines instead of react-hook-form's ~10 KB gzip on /stake (docs/ARCHITECTURE.md, "Client bundles").
 * `problem` is called at every render with the live context (balances refresh while the user
 * types), so the message always matches what Submit would check. As react-hook-form's "onChange"
 * mode: no message until the field was changed (or submitted), none again after `reset`. An
 * `initial` value (a request shown again, use-resume.ts) is checked from the start.
 */
export function useAmountInput(problem: (value: string) => string | null, initial = "") {
  const [value, setValue] = useState(initial);
  const [checked, setChecked] = useState(initial !== "");
  const error = checked ? problem(value) : null;
  return {
    value,
    error,
    /** A typed or computed (Max/All) value; validated from now on. */
    set: (next: string) => {
      setValue(next);
      setChecked(true);
    },
    reset: () => {
      setValue("");
      setChecked(false);
    },
    /** The form's onSubmit: runs `fn` with the value only when it is valid, else shows why. */
    handleSubmit: (fn: (value: string) => unknown) => (e?: FormEvent) => {
      e?.preventDefault();
      setChecked(true);
      if (problem(value) === null) void fn(value);
    },
  };
}
