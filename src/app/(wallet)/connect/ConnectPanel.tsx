"use client";

import { useEffect } from "react";
import { useSessionAddress, useWalletModal } from "@/wallet-modal";

/** The page's call to action; once a session exists it moves on to `next` (already sanitised). */
export function ConnectPanel({ next }: { next: string }) {
  const { open } = useWalletModal();
  const sessionAddress = useSessionAddress();

  useEffect(() => {
    // A full page load, not a client navigation: the router may hold a prefetched redirect of `next`
    // back to /connect from before the sign-in, and every server component must see the new session.
    if (sessionAddress) window.location.replace(next);
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
