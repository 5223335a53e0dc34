"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { type Balances, type Token, TokenIcon } from "@/features/tokens";

export type TokenSelectProps = {
  tokens: readonly Token[];
  value: Token;
  onChange: (token: Token) => void;
  balances?: Balances;
  /** Accessible name of the trigger, e.g. "Token to pay with". */
  label: string;
  testId?: string;
};

// Radix's dialog (focus trap, scroll lock, portal) loads on the first open, not with the page.
const TokenSelectDialog = dynamic(() => import("./TokenSelectDialog").then((m) => m.TokenSelectDialog), {
  ssr: false,
  loading: () => (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/70">
      <p
        role="status"
        className="w-[calc(100vw-2rem)] max-w-sm rounded-card border border-border bg-surface p-5 text-sm text-muted shadow-2xl"
        data-testid="token-select-loading"
      >
        Loading tokens…
      </p>
    </div>
  ),
});

/** Token picker: a button showing the current token; a dialog with search, icons and balances. */
export function TokenSelect({ tokens, value, onChange, balances, label, testId }: TokenSelectProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Back on the button once the dialog is gone (the dialog unmounts, so Radix cannot do it).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        aria-label={`${label}: ${value.symbol}`}
        data-testid={testId}
        className="flex h-10 shrink-0 items-center gap-2 rounded-control border border-border bg-raised pr-2 pl-2 text-sm font-semibold text-text hover:border-gold"
      >
        <TokenIcon id={value.id} size={22} />
        <span>{value.symbol}</span>
        <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3 text-muted">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open ? (
        <TokenSelectDialog
          tokens={tokens}
          value={value}
          onChange={onChange}
          balances={balances}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
