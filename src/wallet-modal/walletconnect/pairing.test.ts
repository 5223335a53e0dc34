import { describe, expect, it } from "vitest";
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

describe("WalletConnect phone links ({mobile_link}wc?uri=)", () => {
  it("uses the universal link's origin", () => {
    expect(walletConnectLink("https://metamask.app.link/dapp/{hostpath}", uri())).toBe(
      `https://metamask.app.link/wc?uri=${encodeURIComponent(uri())}`,
    );
    expect(walletConnectLink("https://link.trustwallet.com/open_url?coin_id=60&url={url}", uri())).toBe(
      `https://link.trustwallet.com/wc?uri=${encodeURIComponent(uri())}`,
    );
  });

  it("uses the native scheme", () => {
    expect(walletConnectLink("imtokenv2://navigate/DappView?url={url}", uri())).toBe(
      `imtokenv2://wc?uri=${encodeURIComponent(uri())}`,
    );
  });

  it("refuses missing, plain-http, script links and bad URIs", () => {
    expect(walletConnectLink(null, uri())).toBeNull();
    expect(walletConnectLink("http://wallet.example/dapp", uri())).toBeNull();
    expect(walletConnectLink("javascript://alert(1)", uri())).toBeNull();
    expect(walletConnectLink("not a link", uri())).toBeNull();
    expect(walletConnectLink("https://metamask.app.link/dapp/{hostpath}", "wc:bad")).toBeNull();
  });
});
