import { describe, expect, it } from "vitest";
import { arrangeWallets, isBrowserWalletHidden } from "./arrange";
import { dappLink, storeLinks } from "./links";
import { listWallets } from "./list";
import type { WalletListing } from "./listing";
import { readRecent, recentEntry, rememberRecent } from "./recent";

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

  it("applies the same Browser Wallet rule for Connect (isBrowserWalletHidden)", () => {
    const bw = { name: "Browser Wallet", rdns: null };
    expect(isBrowserWalletHidden(bw, { installed: true, mobile: false })).toBe(true);
    expect(isBrowserWalletHidden(bw, { installed: false, mobile: true })).toBe(true);
    expect(isBrowserWalletHidden(bw, { installed: true, mobile: true })).toBe(false);
    expect(isBrowserWalletHidden({ ...bw, rdns: "x.y" }, { installed: false, mobile: true })).toBe(false);
    expect(isBrowserWalletHidden({ name: "MetaMask", rdns: null }, { installed: false, mobile: false })).toBe(
      false,
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
  // The seed keeps 2 recent *wallets*: Connect knows an installed wallet by its connector (the rdns),
  // All wallets by its registry entry, and both must land on the same place.
  it("keeps two different wallets when one was picked from Connect and from All wallets", () => {
    const s = memory();
    rememberRecent({ id: "rabby", name: "Rabby Wallet", rdns: "io.rabby" }, s); // All wallets
    rememberRecent({ id: "io.metamask", name: "MetaMask", rdns: "io.metamask" }, s); // Connect, unlisted
    rememberRecent({ id: "metamask", name: "MetaMask", rdns: "io.metamask" }, s); // All wallets
    expect(readRecent(s).map((r) => r.id)).toEqual(["metamask", "rabby"]);
    const recentRows = arrangeWallets(page, { installed: [], recent: readRecent(s), mobile: false })
      .filter((r) => r.recent)
      .map((r) => r.name);
    expect(recentRows).toEqual(["MetaMask", "Rabby Wallet"]);
  });

  it("dedupes by rdns, and by name when one side has no rdns", () => {
    const s = memory();
    rememberRecent({ id: "a", name: "Wallet A", rdns: null }, s);
    rememberRecent({ id: "installed:wallet a", name: "wallet a", rdns: "x.a" }, s);
    expect(readRecent(s)).toEqual([{ id: "installed:wallet a", name: "wallet a", rdns: "x.a" }]);
    // A list stored before holds the same wallet twice: read as one.
    const old = JSON.stringify([
      { id: "io.metamask", name: "MetaMask", rdns: "io.metamask" },
      { id: "metamask", name: "MetaMask", rdns: "io.metamask" },
      { id: "rabby", name: "Rabby Wallet", rdns: "io.rabby" },
    ]);
    expect(readRecent({ getItem: () => old }).map((r) => r.id)).toEqual(["io.metamask", "rabby"]);
  });

  it("remembers a wallet under its registry id and name when the registry lists it", () => {
    expect(recentEntry({ id: "io.metamask", name: "MetaMask", rdns: "io.metamask" }, page)).toEqual({
      id: "metamask",
      name: "MetaMask",
      rdns: "io.metamask",
    });
    expect(recentEntry({ id: "injected", name: "Browser Wallet", rdns: null }, page).id).toBe("injected");
    const unlisted = { id: "dev.aurum.testwallet", name: "Aurum Test Wallet", rdns: "dev.aurum.testwallet" };
    expect(recentEntry(unlisted, page)).toEqual(unlisted);
    expect(recentEntry(unlisted, [])).toEqual(unlisted);
  });

  it("ignores broken stored values", () => {
    expect(readRecent({ getItem: () => "{not json" })).toEqual([]);
    expect(readRecent({ getItem: () => '[{"id":1},{"id":"ok","name":"Ok","rdns":null}]' })).toEqual([
      { id: "ok", name: "Ok", rdns: null },
    ]);
  });
});
