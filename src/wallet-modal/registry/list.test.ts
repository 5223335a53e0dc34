import { describe, expect, it } from "vitest";
import { listWallets, REGISTRY, type WalletRecord } from "./list";
import { dedupe, isExcluded } from "./listing";

const rec = (id: string, name: string, rdns: string | null, featured?: number): WalletRecord => ({
  id,
  name,
  rdns,
  icon: `${id}.svg`,
  monogram: false,
  source: "curated",
  featured,
  dapp_link: null,
  walletconnect_link: null,
  desktop_link: null,
  webapp_link: null,
  install: { chrome: null, firefox: null, edge: null, ios: null, android: null, homepage: null },
  chains: ["eip155:1"],
});

describe("the shipped registry", () => {
  it("has at least 100 wallets, unique ids and rdns, four featured, and a local icon each", () => {
    expect(REGISTRY.length).toBeGreaterThanOrEqual(100);
    expect(new Set(REGISTRY.map((w) => w.id)).size).toBe(REGISTRY.length);
    const rdns = REGISTRY.flatMap((w) => (w.rdns ? [w.rdns] : []));
    expect(new Set(rdns).size).toBe(rdns.length);
    expect(REGISTRY.filter((w) => w.featured).map((w) => w.featured)).toEqual(
      expect.arrayContaining([1, 2, 3, 4]),
    );
    for (const w of REGISTRY) expect(w.icon).toMatch(/^[a-z0-9-]+\.(svg|webp)$/);
  });

  it("links are https (or a wallet's own scheme for in-app links)", () => {
    for (const w of REGISTRY) {
      for (const l of Object.values(w.install)) if (l) expect(l).toMatch(/^https:\/\//);
      if (w.dapp_link) expect(w.dapp_link).toMatch(/^(https|okx|imtokenv2):\/\/.*\{(url|hostpath)\}/);
    }
  });

  it("WalletConnect links are the wallet's own scheme or https, with the URI in them, or the URI itself", () => {
    for (const w of REGISTRY) {
      if (w.walletconnect_link === null) continue;
      const { ios, android } = w.walletconnect_link;
      expect(ios ?? android, w.id).not.toBeNull();
      for (const l of [ios, android]) {
        if (l !== null && l !== "{raw_uri}")
          expect(l, w.id).toMatch(/^(?!http:)[a-z][a-z0-9+.-]*:\/\/.*\{uri\}/);
      }
      // iOS cannot hand the shared wc: scheme to one wallet: only a wallet's own link there.
      expect(ios, w.id).not.toBe("{raw_uri}");
    }
    // Only where a published source gives one (wallets.json "sources").
    const byId = (id: string) => REGISTRY.find((w) => w.id === id)?.walletconnect_link;
    expect(byId("okx")).toEqual({ ios: "okex://main/wc?uri={uri}", android: "{raw_uri}" });
    expect(byId("phantom")).toBeNull();
    expect(byId("coinbase")).toBeNull();
    expect(REGISTRY.filter((w) => w.source === "curated" && w.walletconnect_link)).toEqual([]);
  });
});

describe("listWallets", () => {
  it("pages by 40 with featured first, and counts all matches", () => {
    const p1 = listWallets({ page: 1, entries: 40 });
    expect(p1.data).toHaveLength(40);
    expect(p1.count).toBe(REGISTRY.length);
    expect(p1.data.slice(0, 4).map((w) => w.featured)).toEqual([1, 2, 3, 4]);
    expect(p1.data[0]).toMatchObject({
      name: "MetaMask",
      rdns: "io.metamask",
      image_url: "/wallets/metamask.svg",
    });
    const p3 = listWallets({ page: 3, entries: 40 });
    expect(p3.data).toHaveLength(REGISTRY.length - 80);
    expect(listWallets({ page: 9, entries: 40 }).data).toEqual([]);
  });

  it("searches names case-insensitively", () => {
    const r = listWallets({ page: 1, entries: 100, search: "  METAmask " });
    expect(r.data.map((w) => w.name)).toEqual(["MetaMask"]);
    expect(listWallets({ page: 1, entries: 100, search: "no-such-wallet" })).toEqual({ count: 0, data: [] });
  });

  it("caps a search at 100 results", () => {
    const many = Array.from({ length: 130 }, (_, i) => rec(`w${i}`, `Wallet ${i}`, null));
    expect(listWallets({ page: 1, entries: 100, search: "wallet" }, many).count).toBe(100);
    expect(listWallets({ page: 1, entries: 100 }, many).count).toBe(130);
  });

  it("include, exclude and the operator's WALLET_EXCLUDE (rdns or case-insensitive name)", () => {
    expect(listWallets({ page: 1, entries: 40, include: ["rabby", "trust"] }).data.map((w) => w.id)).toEqual([
      "trust",
      "rabby",
    ]);
    const ids = listWallets({ page: 1, entries: 100, exclude: ["metamask"] }).data.map((w) => w.id);
    expect(ids).not.toContain("metamask");
    const r = listWallets({ page: 1, entries: 100, excluded: ["io.rabby", "trust WALLET"] });
    expect(r.data.map((w) => w.id)).not.toContain("rabby");
    expect(r.data.map((w) => w.id)).not.toContain("trust");
    expect(r.count).toBe(REGISTRY.length - 2);
  });
});

describe("dedupe and isExcluded", () => {
  it("removes duplicates by rdns, by name without rdns, and by id", () => {
    const list = [
      rec("a", "Alpha", "x.alpha"),
      rec("a2", "Alpha Two", "x.alpha"),
      rec("b", "Beta", null),
      rec("b2", "BETA", null),
      rec("a", "Other", "x.other"),
      rec("c", "Beta", "x.beta"),
    ];
    expect(dedupe(list).map((w) => w.id)).toEqual(["a", "b", "c"]);
  });

  it("ignores empty entries", () => {
    expect(isExcluded({ rdns: null, name: "X" }, ["", " "])).toBe(false);
    expect(isExcluded({ rdns: "io.x", name: "X" }, ["IO.X"])).toBe(true);
  });
});
