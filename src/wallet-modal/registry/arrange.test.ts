import { describe, expect, it } from "vitest";
import { arrangeWallets } from "./arrange";
import { dappLink, storeLinks } from "./links";
import { listWallets, type WalletListing } from "./list";
import { readRecent, rememberRecent } from "./recent";

const page = listWallets({ page: 1, entries: 1000 }).data;
const byName = (name: string) => page.find((w) => w.name === name) as WalletListing;

describe("arrangeWallets", () => {
  it("hides Browser Wallet on desktop; on mobile only when it has an rdns or is installed", () => {
    const opts = { installed: [], recent: [] };
    expect(arrangeWallets(page, { ...opts, mobile: false }).map((r) => r.name)).not.toContain(
      "Browser Wallet",
    );
    expect(arrangeWallets(page, { ...opts, mobile: true }).map((r) => r.name)).not.toContain(
      "Browser Wallet",
    );
    const installed = [{ uid: "u1", rdns: null, name: "Browser Wallet" }];
    expect(arrangeWallets(page, { installed, recent: [], mobile: true })[0]).toMatchObject({
      name: "Browser Wallet",
      connectorUid: "u1",
    });
    expect(arrangeWallets(page, { installed, recent: [], mobile: false }).map((r) => r.name)).not.toContain(
      "Browser Wallet",
    );
  });

  it("puts installed wallets first (merged with their registry entry), the 2 recent above them", () => {
    const rows = arrangeWallets(page, {
      installed: [
        { uid: "u-rabby", rdns: "io.rabby", name: "Rabby Wallet", icon: "data:image/svg+xml,x" },
        { uid: "u-test", rdns: "dev.aurum.testwallet", name: "Aurum Test Wallet" },
      ],
      recent: [{ id: "zerion", name: "Zerion", rdns: "io.zerion.wallet" }],
      mobile: false,
    });
    expect(rows.slice(0, 3).map((r) => [r.name, r.recent, r.connectorUid])).toEqual([
      ["Zerion", true, null],
      ["Rabby Wallet", false, "u-rabby"],
      ["Aurum Test Wallet", false, "u-test"],
    ]);
    expect(rows.filter((r) => r.rdns === "io.rabby")).toHaveLength(1);
    expect(rows[1]?.icon).toBe("data:image/svg+xml,x");
    expect(rows[1]?.listing?.id).toBe("rabby");
  });

  it("removes a second provider announcing the same rdns and applies exclusions", () => {
    const rows = arrangeWallets(page, {
      installed: [
        { uid: "a", rdns: "io.metamask", name: "MetaMask" },
        { uid: "b", rdns: "io.metamask", name: "MetaMask" },
      ],
      recent: [],
      mobile: false,
      excluded: ["trust wallet"],
    });
    expect(rows.filter((r) => r.rdns === "io.metamask").map((r) => r.connectorUid)).toEqual(["a"]);
    expect(rows.map((r) => r.name)).not.toContain("Trust Wallet");
  });
});

describe("links", () => {
  const url = "https://portal.example.org/swap?x=1";
  it("fills the in-app browser templates the wallets document", () => {
    expect(dappLink(byName("MetaMask").mobile_link, url)).toBe(
      "https://metamask.app.link/dapp/portal.example.org/swap?x=1",
    );
    expect(dappLink(byName("Coinbase Wallet").mobile_link, url)).toBe(
      `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(url)}`,
    );
    expect(dappLink(byName("Trust Wallet").mobile_link, url)).toBe(
      `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(url)}`,
    );
    expect(dappLink(null, url)).toBeNull();
    expect(dappLink(byName("MetaMask").mobile_link, "javascript:alert(1)")).toBeNull();
  });

  it("offers the platform's store first, then the website", () => {
    const mm = byName("MetaMask").install;
    expect(storeLinks(mm, "ios").map((l) => l.label)).toEqual(["App Store", "Website"]);
    expect(storeLinks(mm, "android")[0]?.href).toMatch(/^https:\/\/play\.google\.com\//);
    expect(storeLinks(mm, "desktop")[0]?.label).toBe("Chrome Web Store");
    expect(storeLinks(byName("Exodus").install, "ios")).toEqual([
      { label: "Website", href: "https://www.exodus.com/download/" },
    ]);
  });
});

describe("recent wallets", () => {
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };
  it("keeps the last 2, newest first, without duplicates", () => {
    const s = memory();
    rememberRecent({ id: "a", name: "A", rdns: null }, s);
    rememberRecent({ id: "b", name: "B", rdns: "x.b" }, s);
    rememberRecent({ id: "a", name: "A", rdns: null }, s);
    rememberRecent({ id: "c", name: "C", rdns: null }, s);
    expect(readRecent(s).map((r) => r.id)).toEqual(["c", "a"]);
  });
  it("ignores broken stored values", () => {
    expect(readRecent({ getItem: () => "{not json" })).toEqual([]);
    expect(readRecent({ getItem: () => '[{"id":1},{"id":"ok","name":"Ok","rdns":null}]' })).toEqual([
      { id: "ok", name: "Ok", rdns: null },
    ]);
  });
});
