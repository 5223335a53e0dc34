"use client";

import { useEffect } from "react";
import { apiFetch } from "@/lib/api-client";

const NOTE_BOX = "mb-8 rounded-control border border-gold/40 bg-gold/10 px-4 py-2 text-sm text-text";

/**
 * "You were invited with code …" plus, once per page view, a POST that stores the code in the
 * `aurum_ref` cookie (server components cannot set cookies; the route validates the code again).
 */
export function InviteNote({ code, inviter }: { code: string; inviter?: string | null }) {
  useEffect(() => {
    const controller = new AbortController();
    apiFetch("/api/referral/visit", { method: "POST", body: { code }, signal: controller.signal }).catch(
      () => {
        // Best effort: without the cookie the visitor can still sign up, just without a referrer.
      },
    );
    return () => controller.abort();
  }, [code]);

  return (
    <p className={`${NOTE_BOX} inline-flex flex-wrap items-center gap-2`} data-testid="invite-note">
      You were invited with code{" "}
      <span className="font-id font-semibold tracking-wider text-gold">{code}</span>
      {inviter ? (
        <>
          {" "}
          by{" "}
          <span className="font-id text-text" data-testid="invite-inviter">
            {inviter}
          </span>
        </>
      ) : null}
    </p>
  );
}

/** A well-formed code that belongs to no one: said plainly, and nothing is stored. */
export function UnknownInviteNote({ code }: { code: string }) {
  return (
    // A sentence, not a row of chips: it flows as text when it wraps on a phone.
    <p className={`${NOTE_BOX} max-w-prose`} data-testid="invite-note">
      The invite code <span className="font-id font-semibold tracking-wider text-gold">{code}</span> does not
      belong to anyone. You can still join; no one will be credited for inviting you.
    </p>
  );
}
