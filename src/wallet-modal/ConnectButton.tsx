"use client";

import type { Address } from "viem";
import { Blockie } from "./components/Blockie";
import { useWalletContext } from "./context";
import { shortenAddress } from "./lib/format";

const PLACEHOLDER_ADDRESS = "0x0000000000000000000000000000000000000000";

/**
 * The short address's box: as wide as the widest one in `font-id` (Inter's figures are tabular, its
 * letters are not; "0x" + 8 × "C" + "…" measures 7.90 em), so the placeholder and every address
 * take the same width and nothing in the header moves when the account appears.
 */
const ADDRESS_BOX = "inline-block w-[7.91em] font-id";

export type ConnectButtonProps = {
  /**
   * The server session's address. Accepted for the agreed interface; the provider is seeded with the
   * same server value and then follows sign-in/out, so that is what is rendered.
   */
  sessionAddress?: Address | null;
  className?: string;
};

/**
 * "Connect wallet" when signed out; the account chip when signed in. Rendered from the session (the
 * server knows it), never from client wallet state, so a reload shows the address without a flash.
 */
export function ConnectButton({ className = "" }: ConnectButtonProps) {
  const ctx = useWalletContext();
  const address = ctx.sessionAddress;
  if (ctx.sessionPending) {
    // A signed-in shell page before hydration (session-blob.ts): the chip's box with an address's
    // width, so the chip that replaces it right after hydration moves nothing.
    return (
      <span
        aria-hidden="true"
        data-testid="account-chip-pending"
        className={`inline-flex h-9 items-center gap-2 rounded-control border border-border bg-raised pr-3 pl-1.5 text-sm ${className}`}
      >
        <span className="size-6 animate-pulse rounded-full bg-border" />
        <span className={`relative text-transparent ${ADDRESS_BOX}`}>
          <span className="absolute inset-x-0 top-1/2 h-3 -translate-y-1/2 animate-pulse rounded-sm bg-border" />
          {shortenAddress(PLACEHOLDER_ADDRESS)}
        </span>
      </span>
    );
  }
  if (!address) {
    return (
      <button
        type="button"
        onClick={() => ctx.open()}
        // Intent: start fetching the wallet runtime before the click lands.
        onPointerEnter={ctx.requestRuntime}
        onFocus={ctx.requestRuntime}
        onTouchStart={ctx.requestRuntime}
        className={`inline-flex h-9 items-center rounded-control bg-gold px-4 text-sm font-semibold text-bg hover:bg-gold-hover active:bg-gold-pressed ${className}`}
      >
        Connect wallet
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => ctx.open()}
      data-testid="account-chip"
      className={`inline-flex h-9 items-center gap-2 rounded-control border border-border bg-raised pr-3 pl-1.5 text-sm hover:border-gold ${className}`}
    >
      {/* Named by what it shows (WCAG 2.5.3 label in name): "Account 0x1234…abcd". */}
      <span className="sr-only">Account </span>
      <Blockie address={address} size={24} className="rounded-full" />
      {ctx.profileName ? (
        <span className="max-w-[9rem] truncate font-medium" title={address} data-testid="account-chip-name">
          {ctx.profileName}
        </span>
      ) : (
        <span className={ADDRESS_BOX}>{shortenAddress(address)}</span>
      )}
    </button>
  );
}
