"use client";

import { useEffect } from "react";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { useSessionAddress, useWalletModal } from "@/wallet-modal";

/** The page's call to action; once a session exists it moves on to `next` (already sanitised). */
export function ConnectPanel({ next }: { next: string }) {
  const { open } = useWalletModal();
  const sessionAddress = useSessionAddress();

  useEffect(() => {
    // A full page load, not a client navigation: the router may hold a prefetched redirect of `next`
    // back to /connect from before the sign-in, and every server component must see the new session.
    // The same rule as the server (src/lib/safe-redirect.ts), applied again where the browser moves.
    if (sessionAddress) window.location.replace(safeRedirectPath(next, window.location.origin));
  }, [sessionAddress, next]);

  return (
    <button
      type="button"
      onClick={() => open()}
      disabled={Boolean(sessionAddress)}
      className="inline-flex h-11 items-center rounded-control bg-gold px-6 font-semibold text-bg hover:bg-gold-hover active:bg-gold-pressed disabled:opacity-60"
    >
      {sessionAddress ? "Signed in, continuing…" : "Connect wallet"}
    </button>
  );
}
