"use client";

import { Dialog } from "radix-ui";
import { useMemo, useState } from "react";
import { type Balances, type Token, TokenIcon } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { cn } from "@/ui/cn";

/**
 * The token picker's dialog (search, icons, balances). Its own module so Radix's dialog stack is
 * fetched when a picker is first opened, not with the swap page (docs/ARCHITECTURE.md, "Client
 * bundles"). Mounted open; closing unmounts it and TokenSelect puts the focus back on its button.
 */
export function TokenSelectDialog({
  tokens,
  value,
  onChange,
  balances,
  onClose,
}: {
  tokens: readonly Token[];
  value: Token;
  onChange: (token: Token) => void;
  balances?: Balances;
  onClose: () => void;
}) {
  const fmt = useFormat();
  const [search, setSearch] = useState("");
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return tokens;
    return tokens.filter(
      (t) =>
        t.symbol.toLowerCase().includes(q) ||
        t.name.toLowerCase().includes(q) ||
        (!t.isNative && t.address.toLowerCase() === q),
    );
  }, [tokens, search]);

  return (
    <Dialog.Root open onOpenChange={(o) => (o ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content
          onCloseAutoFocus={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-card border border-border bg-surface p-5 shadow-2xl"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold">Select a token</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-control p-1 text-muted hover:text-text">
              <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
                <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Search by name or symbol</Dialog.Description>
          <input
            // biome-ignore lint/a11y/noAutofocus: the dialog exists to search
            autoFocus
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search name or symbol"
            aria-label="Search tokens"
            className="mb-3 h-10 w-full rounded-control border border-border bg-bg px-3 text-sm placeholder:text-muted focus:border-gold focus:outline-none"
          />
          <ul className="flex flex-col gap-1">
            {shown.map((t) => {
              const balance = balances?.[t.id];
              return (
                <li key={t.id}>
                  <button
                    type="button"
                    onClick={() => {
                      onChange(t);
                      onClose();
                    }}
                    className={cn(
                      "flex w-full items-center gap-3 rounded-control px-2 py-2 text-left hover:bg-raised",
                      t.id === value.id && "bg-raised",
                    )}
                  >
                    <TokenIcon id={t.id} size={28} />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="text-sm font-semibold">{t.symbol}</span>
                      <span className="truncate text-xs text-muted">{t.name}</span>
                    </span>
                    <span className="tabular text-sm text-muted">
                      {balance === undefined ? "" : fmt.balance(balance, t.decimals)}
                    </span>
                  </button>
                </li>
              );
            })}
            {shown.length === 0 ? (
              <li className="px-2 py-6 text-center text-sm text-muted">No token matches "{search}".</li>
            ) : null}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
