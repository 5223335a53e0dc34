"use client";

import type { ReactNode } from "react";
import { track } from "@/lib/analytics";
import { ErrorNote, PrimaryButton } from "../modal/ui";
import { requiredAuthView } from "../state/open-view";
import type { ModalStore } from "../state/store";
import type { ViewName } from "../state/views";

// What the two "waiting for the wallet" views (ConnectingExternal, the WalletConnect pairing)
// share: the failed/rejected note with its retry, and where a connection that succeeded lands.

/** A connection request that the wallet declined (`rejected`) or that failed, with "Try again". */
export function ConnectFailed({
  rejected,
  failedText,
  onRetry,
  className,
  children,
}: {
  rejected: boolean;
  /** What to say when the request failed rather than being declined. */
  failedText: string;
  onRetry: () => void;
  className?: string;
  /** Shown under the button (e.g. the help link). */
  children?: ReactNode;
}) {
  return (
    <div className={className ? `space-y-3 ${className}` : "space-y-3"}>
      <ErrorNote title={rejected ? "Connection rejected" : "Failed to connect"}>
        {rejected ? "You declined the request in your wallet." : failedText}
      </ErrorNote>
      <PrimaryButton onClick={onRetry}>Try again</PrimaryButton>
      {children}
    </div>
  );
}

/**
 * After the wallet connected from one of `views`: counts the connection, then, if the user is still
 * on that view, goes on to the network switch or the SIWX message (a signed-in user reconnecting
 * lands on Account) on a fresh history: "back" from the sign-in step must not lead to a connecting
 * view that no longer applies.
 */
export function landAfterConnect(
  store: ModalStore,
  result: { accounts: readonly string[]; chainId: number },
  ctx: { testnetId: number; sessionAddress: string | null },
  views: readonly ViewName[],
): void {
  track("WALLET_CONNECTED");
  const top = store.getState().history.at(-1)?.view;
  if (!top || !views.includes(top)) return;
  const account = result.accounts[0]?.toLowerCase();
  const next = requiredAuthView({
    walletConnected: true,
    chainSupported: result.chainId === ctx.testnetId,
    hasSession: ctx.sessionAddress !== null && ctx.sessionAddress.toLowerCase() === account,
  });
  store.navigate({ type: "reset", entry: { view: next ?? "Account" } });
}
