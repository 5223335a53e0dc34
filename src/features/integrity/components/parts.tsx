"use client";

import { useState } from "react";
import { Button, Field, Input, Skeleton } from "@/ui";

// Building blocks of the integrity console's lists.

export const Loading = () => <Skeleton className="h-24 w-full" label="Loading" />;

export const Failed = ({ message }: { message: string }) => (
  <p role="alert" className="text-sm text-danger">
    {message}
  </p>
);

/** What the API's `address` filter takes: 0x and 1 to 40 hex digits (a prefix). */
const ADDRESS_PREFIX = /^0x[0-9a-fA-F]{1,40}$/;

/**
 * Filters a list by the start of an address. Checked here as the API checks it (400 otherwise), so
 * a typo says what is wrong instead of sending a request; an empty box shows everything.
 */
export function AddressSearch({ label, onSearch }: { label: string; onSearch: (address: string) => void }) {
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const v = draft.trim();
        if (v && !ADDRESS_PREFIX.test(v)) {
          setError("Enter an address or its start: 0x and up to 40 hex digits.");
          return;
        }
        setError(undefined);
        onSearch(v.toLowerCase());
      }}
    >
      <Field label={label} error={error} className="flex-1">
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            aria-describedby={describedBy}
            invalid={invalid}
            value={draft}
            placeholder="0x1234…"
            onChange={(e) => setDraft(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}
