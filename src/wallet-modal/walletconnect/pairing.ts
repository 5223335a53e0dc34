/**
 * WalletConnect pairing rules (the seed: a pairing lives 4 minutes and counts as expired when under
 * 10 s remain) and the phone deep links. Pure functions: the views and their unit tests share them.
 */

export const PAIRING_LIFE_MS = 4 * 60_000;
export const PAIRING_EXPIRY_MARGIN_MS = 10_000;
/** A pairing URI longer than this is not one (they are ~200 characters); never drawn or linked. */
const MAX_URI_LENGTH = 2_048;

/** `wc:<topic>@2?relay-protocol=…&symKey=…[&expiryTimestamp=…]` (WalletConnect v2 pairing URI). */
export function isPairingUri(uri: unknown): uri is string {
  return typeof uri === "string" && uri.length <= MAX_URI_LENGTH && /^wc:[0-9a-z]+@2\?\S+$/i.test(uri);
}

/**
 * When the pairing stops being usable: 4 minutes after we received it, or earlier when the URI's own
 * `expiryTimestamp` (seconds) says so.
 */
export function pairingExpiresAt(uri: string, receivedAt: number): number {
  const life = receivedAt + PAIRING_LIFE_MS;
  const m = /[?&]expiryTimestamp=(\d{1,12})(?:&|$)/.exec(uri);
  return m ? Math.min(life, Number(m[1]) * 1_000) : life;
}

export type PairingStatus = { remainingMs: number; expired: boolean };

/** Expired when under 10 s remain: a wallet scanning it now would not finish in time. */
export function pairingStatus(expiresAt: number, now: number): PairingStatus {
  const remainingMs = Math.max(0, expiresAt - now);
  return { remainingMs, expired: remainingMs < PAIRING_EXPIRY_MARGIN_MS };
}

/** "3:05" for the countdown under the QR code. */
export function formatRemaining(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1_000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The wallet's WalletConnect link on a phone, `{mobile_link}wc?uri=<encoded uri>`, where mobile_link
 * is the base of the wallet's documented app link in our registry (`dapp_link`): the origin plus "/"
 * for a universal link (https), `scheme://` for a native one. The formatting is WalletConnect's own
 * (universal `https://host/wc?uri=`, native `scheme://wc?uri=`). Null without a usable link.
 */
export function walletConnectLink(appLink: string | null, uri: string): string | null {
  if (!appLink || !isPairingUri(uri)) return null;
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(appLink);
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  // Plain http and script-like schemes are never links to a wallet.
  if (scheme === "http" || scheme === "javascript" || scheme === "data" || scheme === "file") return null;
  const base = scheme === "https" ? (m[2] ? `https://${m[2]}/` : null) : `${scheme}://`;
  return base ? `${base}wc?uri=${encodeURIComponent(uri)}` : null;
}
