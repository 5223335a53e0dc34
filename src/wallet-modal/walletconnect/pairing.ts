import type { Platform } from "../lib/platform";
import type { WalletConnectLinks } from "../registry/listing";

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

/** The registry's placeholder for a link that is the pairing URI itself (Android's `wc:` handlers). */
const RAW_URI = "{raw_uri}";
const UNSAFE_SCHEMES = new Set(["http", "javascript", "data", "file", "vbscript", "blob"]);

/**
 * The wallet's WalletConnect link on this phone, from the registry's `walletconnect_link` (what each
 * wallet publishes; registry/wallets.json names the sources). A link is never derived from another
 * one: the in-app browser link's scheme and host gave `okx://wc?uri=` for OKX (its link is
 * `okex://main/wc?uri=`) and a web page for Phantom (which has no WalletConnect link). Null without a
 * published link, on a computer, or for anything that is not a pairing URI or a wallet link.
 */
export function walletConnectLink(
  links: WalletConnectLinks | null,
  platform: Platform,
  uri: string,
): string | null {
  if (!links || platform === "desktop" || !isPairingUri(uri)) return null;
  const template = links[platform];
  if (!template) return null;
  if (template === RAW_URI) return uri;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(template)?.[1]?.toLowerCase();
  // Plain http and script-like schemes are never links to a wallet.
  if (!scheme || UNSAFE_SCHEMES.has(scheme) || !template.includes("{uri}")) return null;
  return template.replaceAll("{uri}", encodeURIComponent(uri));
}
