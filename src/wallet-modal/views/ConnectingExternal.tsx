"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useConnect, useConnectors } from "wagmi";
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
  const { mutateAsync: connect } = useConnect();
  const nav = useNav();
  const [status, setStatus] = useState<Status>("connecting");
  const [tries, setTries] = useState(0);
  const started = useRef(false);

  const attempt = useCallback(async () => {
    if (!connector) return;
    setStatus("connecting");
    setTries((t) => t + 1);
    store.setLoading(true);
    let result: { accounts: readonly string[]; chainId: number };
    try {
      result = await connect({ connector });
    } catch (err) {
      setStatus(isUserRejection(err) ? "rejected" : "failed");
      nav.shake();
      return;
    } finally {
      store.setLoading(false);
    }
    landAfterConnect(store, result, { testnetId: testnet.id, sessionAddress }, ["ConnectingExternal"]);
  }, [connector, connect, nav, store, testnet.id, sessionAddress]);

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
      {status === "connecting" ? (
        <div aria-live="polite">
          <p className="font-semibold">Continue in {connector.name}</p>
          <p className="mt-1 text-muted">Approve the connection request in your wallet.</p>
        </div>
      ) : null}
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
