"use client";

import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useConfig, useConnect, useConnectors } from "wagmi";
import { StuckRequestHint } from "../components/DoctorNotes";
import { useWalletContext } from "../context";
import { isUserRejection } from "../lib/user-rejection";
import { useNav } from "../modal/nav";
import { ErrorNote, NeedHelpLink, WalletIcon } from "../modal/ui";
import { ConnectFailed, landAfterConnect } from "./connect-parts";

type Status = "connecting" | "rejected" | "failed";

/** Waits for the chosen wallet to approve the connection. */
export function ConnectingExternalView() {
  const { store, testnet, sessionAddress } = useWalletContext();
  const uid = store.getState().history.at(-1)?.data?.connectorUid;
  const connector = useConnectors().find((c) => c.uid === uid);
  const config = useConfig();
  const { mutateAsync: connect } = useConnect();
  const nav = useNav();
  const [status, setStatus] = useState<Status>("connecting");
  const [tries, setTries] = useState(0);
  const started = useRef(false);
  // "Ask again" sends a second request while the first may still be open in the wallet: whichever
  // the user approves connects, and only the newest one's failure is shown (an older one that ends
  // late, e.g. rejected when the wallet replaced it, says nothing about the one still open).
  const latest = useRef(0);

  const attempt = useCallback(async () => {
    if (!connector) return;
    const land = (result: { accounts: readonly string[]; chainId: number }) =>
      landAfterConnect(store, result, { testnetId: testnet.id, sessionAddress }, ["ConnectingExternal"]);
    // The wallet in use, picked again (Your wallets → Add another wallet): wagmi refuses to connect
    // the current connector twice, and there is nothing to ask the wallet anyway.
    const current =
      config.state.current === connector.uid ? config.state.connections.get(connector.uid) : null;
    if (current) {
      land(current);
      return;
    }
    const id = ++latest.current;
    setStatus("connecting");
    setTries((t) => t + 1);
    store.setLoading(true);
    let result: { accounts: readonly string[]; chainId: number };
    try {
      result = await connect({ connector });
    } catch (err) {
      if (id !== latest.current) return;
      store.setLoading(false);
      setStatus(isUserRejection(err) ? "rejected" : "failed");
      nav.shake();
      return;
    }
    store.setLoading(false);
    land(result);
  }, [connector, config, connect, nav, store, testnet.id, sessionAddress]);

  useEffect(() => {
    // Strict Mode runs effects twice in development; a wallet must get one request only.
    if (started.current) return;
    started.current = true;
    void attempt();
  }, [attempt]);

  if (!connector) {
    return (
      <div className="space-y-3">
        <ErrorNote title="Failed to connect">
          This wallet is no longer available. Go back and pick another.
        </ErrorNote>
        <NeedHelpLink />
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 text-center text-sm">
      <WalletIcon src={connector.icon} name={connector.name} size={56} />
      <LiveRegion>
        {status === "connecting" ? (
          <>
            <p className="font-semibold">Continue in {connector.name}</p>
            <p className="mt-1 text-muted">Approve the connection request in your wallet.</p>
          </>
        ) : null}
      </LiveRegion>
      {status === "connecting" ? (
        <StuckRequestHint
          key={tries}
          active
          walletName={connector.name}
          onRetry={() => void attempt()}
          onPickAnother={() => nav.goBack()}
        />
      ) : (
        <ConnectFailed
          className="w-full"
          rejected={status === "rejected"}
          failedText="The wallet did not connect. Unlock it and try again."
          onRetry={() => void attempt()}
        >
          <NeedHelpLink />
        </ConnectFailed>
      )}
    </div>
  );
}

/**
 * A polite live region that is in the page before its text: screen readers announce changes to a
 * region they already track, and may say nothing for one inserted together with its text (as this
 * view's first words are). It stays mounted across states; the failure itself is the ErrorNote's
 * alert.
 */
function LiveRegion({ children }: { children: ReactNode }) {
  const [tracked, setTracked] = useState(false);
  useEffect(() => setTracked(true), []);
  return (
    <div aria-live="polite" data-testid="connecting-status">
      {tracked ? children : null}
    </div>
  );
}
