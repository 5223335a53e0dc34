"use client";

import { type ReactNode, useEffect, useState } from "react";
import {
  type AnnouncedWallet,
  duplicateAnnouncements,
  ethereumTakenOver,
  WALLET_PROMPT_WAIT_MS,
} from "../lib/doctor";

/** A calm explanation with its fix (not an error: the user can usually go on). */
export function DoctorNote({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role="note"
      className="rounded-control border border-warning/50 bg-warning/10 p-3 text-left text-sm"
      data-testid={testId}
    >
      <p className="font-semibold text-warning">{title}</p>
      <div className="mt-1 text-muted">{children}</div>
    </div>
  );
}

/**
 * Duplicate or hijacking browser extensions. Listens to the EIP-6963 announcements itself (wagmi keeps
 * only one connector per rdns, which would hide the duplicate) and compares them with window.ethereum.
 */
export function ExtensionConflicts() {
  const [found, setFound] = useState<{ duplicates: string[]; takenOver: boolean }>({
    duplicates: [],
    takenOver: false,
  });
  useEffect(() => {
    const announced = new Map<string, AnnouncedWallet>();
    const onAnnounce = (e: Event) => {
      const d = (
        e as CustomEvent<{ info?: { uuid?: string; rdns?: string; name?: string }; provider?: unknown }>
      ).detail;
      if (!d?.info?.uuid || !d.info.rdns) return;
      announced.set(d.info.uuid, { id: d.info.rdns, name: d.info.name ?? d.info.rdns, provider: d.provider });
    };
    window.addEventListener("eip6963:announceProvider", onAnnounce);
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    // Announcements answer the request synchronously; a short wait covers slow extensions.
    const t = setTimeout(() => {
      const wallets = [...announced.values()];
      const eth = (window as { ethereum?: unknown }).ethereum;
      setFound({ duplicates: duplicateAnnouncements(wallets), takenOver: ethereumTakenOver(eth, wallets) });
    }, 300);
    return () => {
      clearTimeout(t);
      window.removeEventListener("eip6963:announceProvider", onAnnounce);
    };
  }, []);
  return (
    <>
      {found.duplicates.map((name) => (
        <DoctorNote key={name} title={`Two extensions call themselves ${name}`} testId="doctor-duplicate">
          Two browser extensions announce the same wallet. One may be an old copy or an imitation. Keep the
          one you installed from the official store, disable the other in your browser’s extension settings,
          and reload.
        </DoctorNote>
      ))}
      {found.takenOver ? (
        <DoctorNote title="Another extension controls window.ethereum" testId="doctor-takeover">
          An extension that is not in this list has taken over the browser’s default wallet slot. Pick your
          wallet here by name (that always reaches the right one); if connecting still opens the wrong wallet,
          disable the other extension.
        </DoctorNote>
      ) : null}
    </>
  );
}

/**
 * Shown when a wallet request got no answer for 20 s: the wallet most likely never showed it
 * (popup blocked, wallet locked behind another window, extension asleep).
 */
export function StuckRequestHint({
  active,
  walletName,
  onRetry,
  onPickAnother,
  children,
}: {
  active: boolean;
  walletName: string;
  onRetry: () => void;
  onPickAnother?: () => void;
  /** The view's own way out, said under the advice. */
  children?: ReactNode;
}) {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    setStuck(false);
    if (!active) return;
    const t = setTimeout(() => setStuck(true), WALLET_PROMPT_WAIT_MS);
    return () => clearTimeout(t);
  }, [active]);
  if (!stuck || !active) return null;
  return (
    <DoctorNote title={`No answer from ${walletName} yet`} testId="doctor-stuck">
      <p>
        Open your wallet: click its icon in the browser toolbar (or switch to the app) and unlock it; the
        request may be waiting there.
      </p>
      {children}
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          onClick={onRetry}
          className="rounded-control border border-border px-2 py-1 text-text hover:border-gold"
        >
          Ask again
        </button>
        {onPickAnother ? (
          <button
            type="button"
            onClick={onPickAnother}
            className="rounded-control border border-border px-2 py-1 text-text hover:border-gold"
          >
            Pick another wallet
          </button>
        ) : null}
      </div>
    </DoctorNote>
  );
}
