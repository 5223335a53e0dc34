"use client";

import { useWalletContext } from "../context";
import { useNav } from "../modal/nav";
import { PrimaryButton, SecondaryButton } from "../modal/ui";

/** The seed's RegisterAccountNameSuccess: the name is registered and shown from now on. */
export function RegisterAccountNameSuccessView() {
  const { store, profileName } = useWalletContext();
  const nav = useNav();
  const name = store.getState().history.at(-1)?.data?.name ?? profileName ?? "";
  return (
    <div className="space-y-4 text-center text-sm">
      <div
        aria-hidden="true"
        className="mx-auto flex size-12 items-center justify-center rounded-full bg-success/15 text-success"
      >
        <svg width="22" height="22" viewBox="0 0 16 16" aria-hidden="true">
          <path
            d="m3 8.5 3 3 7-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </div>
      <div>
        <p className="break-all text-lg font-semibold text-gold" data-testid="registered-name">
          {name}
        </p>
        <p className="mt-1 text-muted">
          This is your name now. The leaderboard, friends lists and the explorer show it instead of your
          address.
        </p>
      </div>
      <div className="flex gap-2">
        <SecondaryButton onClick={() => nav.replace("Account")}>Account</SecondaryButton>
        <PrimaryButton onClick={() => nav.close()}>Done</PrimaryButton>
      </div>
    </div>
  );
}
