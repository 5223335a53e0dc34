"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useConnect, useConnectors } from "wagmi";
import { useWalletContext } from "../context";
import { currentPlatform } from "../lib/platform";
import { useQrCode } from "../lib/use-qr-code";
import { isUserRejection } from "../lib/user-rejection";
import { useNav } from "../modal/nav";
import { ErrorNote, PrimaryButton, SecondaryButton, WalletIcon } from "../modal/ui";
import type { WalletListing } from "../registry/listing";
import { ConnectFailed, landAfterConnect } from "../views/connect-parts";
import { WALLETCONNECT_ID } from "./connector";
import { formatRemaining, isPairingUri, pairingExpiresAt, pairingStatus, walletConnectLink } from "./pairing";

/** The seed's ConnectingWalletConnectBasic: one QR code any WalletConnect wallet can scan. */
export function ConnectingWalletConnectBasicView() {
  return <WalletConnectPairing wallet={null} />;
}

/** The seed's ConnectingWalletConnect: one wallet of the registry, by QR code or (phones) its app link. */
export function ConnectingWalletConnectView() {
  const { store } = useWalletContext();
  const wallet = store.getState().history.at(-1)?.data?.wallet ?? null;
  return <WalletConnectPairing wallet={wallet} />;
}

type Pairing = { uri: string; expiresAt: number };
type Status = "waiting" | "rejected" | "failed";

function WalletConnectPairing({ wallet }: { wallet: WalletListing | null }) {
  const { store, testnet, sessionAddress } = useWalletContext();
  const connector = useConnectors().find((c) => c.id === WALLETCONNECT_ID);
  const { mutateAsync: connect } = useConnect();
  const nav = useNav();
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const [status, setStatus] = useState<Status>("waiting");
  const attemptId = useRef(0);
  // The attempt still waiting for its pairing URI (0: none), and every URI announced so far. "Get a
  // new code" calls connect() again while the previous pairing's connect() is still pending, and the
  // connector's events do not say which call a URI belongs to: an attempt takes the first URI never
  // seen before that arrives after it started, so the old pairing's (a code that has expired) is
  // never shown again as if it were new.
  const awaitingUri = useRef(0);
  const seenUris = useRef(new Set<string>());
  const started = useRef(false);
  const now = useNow();

  // wagmi's connector passes the provider's `display_uri` on as a "message" event.
  useEffect(() => {
    if (!connector) return;
    const onMessage = (m: { type: string; data?: unknown }) => {
      if (m.type !== "display_uri" || !isPairingUri(m.data)) return;
      const fresh = !seenUris.current.has(m.data);
      seenUris.current.add(m.data);
      if (!fresh || awaitingUri.current !== attemptId.current) return;
      awaitingUri.current = 0;
      setPairing({ uri: m.data, expiresAt: pairingExpiresAt(m.data, Date.now()) });
    };
    connector.emitter.on("message", onMessage);
    return () => connector.emitter.off("message", onMessage);
  }, [connector]);

  const attempt = useCallback(async () => {
    if (!connector) return;
    const id = ++attemptId.current;
    awaitingUri.current = id;
    setPairing(null);
    setStatus("waiting");
    store.setLoading(true);
    let result: { accounts: readonly string[]; chainId: number };
    try {
      result = await connect({ connector });
    } catch (err) {
      // A refresh started a new pairing: the old request's end means nothing.
      if (id !== attemptId.current) return;
      setStatus(isUserRejection(err) ? "rejected" : "failed");
      nav.shake();
      return;
    } finally {
      if (id === attemptId.current) store.setLoading(false);
    }
    if (id !== attemptId.current) return;
    landAfterConnect(store, result, { testnetId: testnet.id, sessionAddress }, [
      "ConnectingWalletConnect",
      "ConnectingWalletConnectBasic",
    ]);
  }, [connector, connect, nav, store, testnet.id, sessionAddress]);

  useEffect(() => {
    // One pairing per visit (Strict Mode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void attempt();
  }, [attempt]);

  if (!connector) {
    return (
      <ErrorNote title="Failed to connect">
        WalletConnect is not available on this portal. Go back and pick a browser wallet.
      </ErrorNote>
    );
  }
  if (status !== "waiting") {
    return (
      <ConnectFailed
        className="text-sm"
        rejected={status === "rejected"}
        failedText="The WalletConnect pairing failed. Check your connection and try again."
        onRetry={() => void attempt()}
      />
    );
  }

  const state = pairing ? pairingStatus(pairing.expiresAt, now) : null;
  const platform = currentPlatform();
  const appLink =
    wallet && pairing ? walletConnectLink(wallet.walletconnect_link, platform, pairing.uri) : null;
  const name = wallet?.name ?? "your wallet";

  return (
    <div className="flex flex-col items-center gap-3 text-center text-sm">
      {wallet ? <WalletIcon src={wallet.image_url} name={wallet.name} size={40} /> : null}
      <div aria-live="polite">
        {state?.expired ? (
          <>
            <p className="font-semibold">This pairing code has expired</p>
            <p className="mt-1 text-muted">Pairing codes last 4 minutes. Get a new one to connect.</p>
          </>
        ) : appLink ? (
          <>
            <p className="font-semibold">Open {name}</p>
            <p className="mt-1 text-muted">Approve the connection in {name}, then come back here.</p>
          </>
        ) : (
          <>
            <p className="font-semibold">Scan with {name}</p>
            <p className="mt-1 text-muted">
              Open {name} on your phone, choose WalletConnect or the scanner, and scan this code.
            </p>
          </>
        )}
      </div>
      {state?.expired ? (
        <PrimaryButton onClick={() => void attempt()}>Get a new code</PrimaryButton>
      ) : pairing ? (
        <>
          {appLink ? null : <PairingQr uri={pairing.uri} />}
          {appLink ? (
            <a
              href={appLink}
              className="flex h-10 w-full items-center justify-center rounded-control bg-gold px-4 font-semibold text-bg hover:bg-gold-hover"
            >
              Open {name}
            </a>
          ) : null}
          <p className="text-xs text-muted" data-testid="wc-remaining">
            Expires in {formatRemaining(state?.remainingMs ?? 0)}
          </p>
          <CopyLink key={pairing.uri} uri={pairing.uri} />
        </>
      ) : (
        <div
          className="size-52 animate-pulse rounded-control bg-raised"
          role="img"
          aria-label="Preparing the QR code"
        />
      )}
    </div>
  );
}

/** The pairing URI as a QR code. */
function PairingQr({ uri }: { uri: string }) {
  const { url: qr, failed } = useQrCode(uri, { margin: 2, width: 416 });
  if (failed) return <p className="text-danger">The QR code could not be drawn: copy the link instead.</p>;
  return qr ? (
    // biome-ignore lint/performance/noImgElement: a generated data URI
    <img
      src={qr}
      alt="WalletConnect QR code: scan it with your wallet"
      width={208}
      height={208}
      className="size-52 rounded-control"
      data-testid="wc-qr"
    />
  ) : (
    <div
      className="size-52 animate-pulse rounded-control bg-raised"
      role="img"
      aria-label="Drawing the QR code"
    />
  );
}

function CopyLink({ uri }: { uri: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <div className="w-full space-y-1">
      <SecondaryButton
        onClick={() =>
          navigator.clipboard
            .writeText(uri)
            .then(() => setCopied("copied"))
            .catch(() => setCopied("failed"))
        }
      >
        Copy link
      </SecondaryButton>
      <p className="min-h-4 text-xs text-muted" role="status">
        {copied === "copied"
          ? "Link copied: paste it into your wallet's WalletConnect field."
          : copied === "failed"
            ? "This browser blocked copying. Scan the QR code instead."
            : ""}
      </p>
    </div>
  );
}

/** The clock for the countdown, once a second (Playwright's page.clock drives it in tests). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, []);
  return now;
}
