import { describe, expect, it } from "vitest";
import type { Platform } from "../lib/platform";
import { REGISTRY } from "../registry/list";
import {
  formatRemaining,
  isPairingUri,
  PAIRING_LIFE_MS,
  pairingExpiresAt,
  pairingStatus,
  walletConnectLink,
} from "./pairing";

const TOPIC = "7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9";
const uri = (extra = "") =>
  `wc:${TOPIC}@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303${extra}`;

describe("pairing URI", () => {
  it("accepts WalletConnect v2 pairing URIs only", () => {
    expect(isPairingUri(uri())).toBe(true);
    expect(isPairingUri(`wc:${TOPIC}@1?bridge=x`)).toBe(false);
    expect(isPairingUri("https://example.org")).toBe(false);
    expect(isPairingUri(`${uri()} javascript:alert(1)`)).toBe(false);
    expect(isPairingUri(uri(`&x=${"a".repeat(3_000)}`))).toBe(false);
    expect(isPairingUri(42)).toBe(false);
    expect(isPairingUri(undefined)).toBe(false);
  });
});

describe("pairing expiry (the seed: 4 minutes, expired under 10 s)", () => {
  const t0 = 1_700_000_000_000;

  it("lives 4 minutes from when it was shown", () => {
    expect(pairingExpiresAt(uri(), t0)).toBe(t0 + PAIRING_LIFE_MS);
  });

  it("ends earlier when the URI's own expiryTimestamp says so, never later", () => {
    expect(pairingExpiresAt(uri(`&expiryTimestamp=${t0 / 1000 + 60}`), t0)).toBe(t0 + 60_000);
    expect(pairingExpiresAt(uri(`&expiryTimestamp=${t0 / 1000 + 300}`), t0)).toBe(t0 + PAIRING_LIFE_MS);
    expect(pairingExpiresAt(uri("&expiryTimestamp=abc"), t0)).toBe(t0 + PAIRING_LIFE_MS);
  });

  it("is usable until 10 s remain, then expired", () => {
    const end = t0 + PAIRING_LIFE_MS;
    expect(pairingStatus(end, t0)).toEqual({ remainingMs: PAIRING_LIFE_MS, expired: false });
    expect(pairingStatus(end, end - 10_000)).toEqual({ remainingMs: 10_000, expired: false });
    expect(pairingStatus(end, end - 9_999)).toEqual({ remainingMs: 9_999, expired: true });
    expect(pairingStatus(end, end + 60_000)).toEqual({ remainingMs: 0, expired: true });
  });

  it("formats the countdown", () => {
    expect(formatRemaining(PAIRING_LIFE_MS)).toBe("4:00");
    expect(formatRemaining(185_400)).toBe("3:05");
    expect(formatRemaining(9_999)).toBe("0:09");
    expect(formatRemaining(-5)).toBe("0:00");
  });
});

describe("WalletConnect phone links (the registry's walletconnect_link)", () => {
  const link = (id: string, platform: Platform, u = uri()) =>
    walletConnectLink(REGISTRY.find((w) => w.id === id)?.walletconnect_link ?? null, platform, u);
  const enc = encodeURIComponent(uri());

  it("uses each wallet's published link, per platform", () => {
    expect(link("metamask", "ios")).toBe(`https://metamask.app.link/wc?uri=${enc}`);
    expect(link("metamask", "android")).toBe(`https://metamask.app.link/wc?uri=${enc}`);
    expect(link("trust", "ios")).toBe(`https://link.trustwallet.com/wc?uri=${enc}`);
    expect(link("imtoken", "ios")).toBe(`imtokenv2://wc?uri=${enc}`);
  });

  // OKX's in-app browser link is okx://wallet/dapp/…; cutting it down to scheme + host gave okx://wc.
  it("OKX Wallet: okex://main/wc?uri= on iOS, the pairing URI itself on Android", () => {
    expect(link("okx", "ios")).toBe(`okex://main/wc?uri=${enc}`);
    expect(link("okx", "android")).toBe(uri());
  });

  // Phantom's universal links live under /ul/ and none pairs over WalletConnect; the derived
  // https://phantom.app/wc?uri=… was a page of Phantom's website.
  it("Phantom and Coinbase Wallet: no WalletConnect link (the wallet's own view and stores instead)", () => {
    expect(link("phantom", "ios")).toBeNull();
    expect(link("phantom", "android")).toBeNull();
    expect(link("coinbase", "ios")).toBeNull();
  });

  it("none on a computer, where the QR code is the way", () => {
    expect(link("metamask", "desktop")).toBeNull();
  });

  it("refuses missing links, plain-http or script links and bad URIs", () => {
    const both = (t: string) => ({ ios: t, android: t });
    expect(walletConnectLink(null, "ios", uri())).toBeNull();
    expect(walletConnectLink({ ios: null, android: "x://wc?uri={uri}" }, "ios", uri())).toBeNull();
    expect(walletConnectLink(both("http://wallet.example/wc?uri={uri}"), "ios", uri())).toBeNull();
    expect(walletConnectLink(both("javascript://alert(1)//{uri}"), "ios", uri())).toBeNull();
    expect(walletConnectLink(both("not a link {uri}"), "ios", uri())).toBeNull();
    expect(walletConnectLink(both("wallet://wc"), "ios", uri())).toBeNull();
    expect(link("metamask", "ios", "wc:bad")).toBeNull();
    expect(link("okx", "android", "javascript:alert(1)")).toBeNull();
  });
});
