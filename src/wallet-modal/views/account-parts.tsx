"use client";

import { PageLink } from "@/ui/PageLink";
import { useQrCode } from "../lib/use-qr-code";
import { useNav } from "../modal/nav";

const action =
  "flex h-16 flex-col items-center justify-center gap-1 rounded-control border border-border bg-raised px-1 text-center text-xs leading-tight font-medium hover:border-gold";

/** 16 px line icons (no emoji: not every system has an emoji font). */
function Icon({ d }: { d: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" className="text-gold">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The seed's wallet features for a testnet: the faucet in place of on-ramp, swap, receive, send. */
export function WalletFeatures({ onReceive }: { onReceive: () => void }) {
  const nav = useNav();
  return (
    <nav aria-label="Wallet features" className="grid grid-cols-4 gap-2">
      <PageLink href="/testnet" onClick={nav.close} className={action} aria-label="Get test coins">
        <Icon d="M8 2.5C6 5 4.5 7 4.5 9.5a3.5 3.5 0 0 0 7 0C11.5 7 10 5 8 2.5Z" />
        Test coins
      </PageLink>
      <PageLink href="/swap" onClick={nav.close} className={action}>
        <Icon d="M3 5h9l-2.5-2.5M13 11H4l2.5 2.5" />
        Swap
      </PageLink>
      <button type="button" onClick={onReceive} className={action}>
        <Icon d="M8 2.5v9M4.5 8 8 11.5 11.5 8M3 13.5h10" />
        Receive
      </button>
      <PageLink href="/wallet" onClick={nav.close} className={action}>
        <Icon d="M8 13.5v-9M4.5 8 8 4.5 11.5 8M3 2.5h10" />
        Send
      </PageLink>
    </nav>
  );
}

/** The address as a QR code, drawn in the browser (qrcode is loaded only when asked for). */
export function ReceivePanel({ address, networkName }: { address: string; networkName: string }) {
  const { url: qr, failed } = useQrCode(address, { margin: 1, width: 320 });
  return (
    <section
      aria-label="Receive"
      className="flex flex-col items-center gap-2 rounded-control border border-border p-3"
    >
      {qr ? (
        // biome-ignore lint/performance/noImgElement: a generated data URI
        <img
          src={qr}
          alt={`QR code of the address ${address}`}
          width={160}
          height={160}
          className="size-40 rounded-control"
          data-testid="account-receive-qr"
        />
      ) : failed ? (
        <p className="text-danger">The QR code could not be drawn; copy the address below instead.</p>
      ) : (
        <div
          className="size-40 animate-pulse rounded-control bg-raised"
          role="img"
          aria-label="Drawing the QR code"
        />
      )}
      <p className="break-all text-center font-id text-xs">{address}</p>
      <p className="text-center text-xs text-muted">
        Send only {networkName} coins and tokens to this address.
      </p>
    </section>
  );
}
