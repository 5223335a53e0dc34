// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet } from "../../../test/render";
import { listWallets } from "../registry/list";
import { rememberRecent } from "../registry/recent";
import { AllWalletsView } from "./AllWallets";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** GET /api/wallets as the route answers it (page, entries, search, include), and what was asked. */
function stubWalletsRoute(opts: { includeFails?: boolean } = {}) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname !== "/api/wallets") return Response.json({}, { status: 404 });
      const q = url.searchParams;
      queries.push(q);
      const include = q.get("include")?.split(",");
      if (include && opts.includeFails)
        return Response.json({ error: { code: "X", message: "x" } }, { status: 503 });
      return Response.json(
        listWallets({
          page: Number(q.get("page") ?? 1),
          entries: Number(q.get("entries") ?? 40),
          search: q.get("search") ?? undefined,
          include,
        }),
      );
    }),
  );
  return queries;
}

const zerion = () => listWallets({ page: 1, entries: 100, search: "zerion" }).data[0]!;

async function firstOfAllWallets() {
  await waitFor(() => expect(document.querySelector("[data-wallet-id]")).not.toBeNull(), {
    timeout: 3000,
  });
  // Under "Recommended", the "All wallets" section starts with the recent ones.
  const all = screen.getByRole("region", { name: "All wallets" });
  return all.querySelector("[data-wallet-id]")!;
}

describe("AllWallets recent wallets", () => {
  // Catalogue §9 "Recent wallets kept 2"; docs/wallet-modal.md: "the 2 recent ones above them".
  // A recent wallet that is not on the first page of 40 (the registry is 104, alphabetical after
  // the 4 featured) was neither on top nor marked: recents were only looked up in the page loaded.
  it("puts a recent wallet from a later page on top of the list", async () => {
    const page1 = listWallets({ page: 1, entries: 40 });
    const z = zerion();
    expect(page1.data.some((w) => w.id === "zerion")).toBe(false);
    // An older recent one that the first page holds as well.
    const onPage1 = page1.data[10]!;
    rememberRecent({ id: onPage1.id, name: onPage1.name, rdns: onPage1.rdns });
    rememberRecent({ id: z.id, name: z.name, rdns: z.rdns });
    const queries = stubWalletsRoute();
    const h = await renderWithWallet(<AllWalletsView />);
    h.store.openAt({ view: "AllWallets" });
    const first = await firstOfAllWallets();
    expect(first.getAttribute("data-wallet-id"), "the recent wallet is not on top").toBe("zerion");
    expect(first.textContent).toContain("Recent");
    // Asked for by id, not by loading pages until it shows up.
    expect(queries.some((q) => q.get("include") === `zerion,${onPage1.id}`)).toBe(true);
    expect(queries.filter((q) => q.get("page") !== "1")).toEqual([]);
    // Newest first, then the older one, listed once although the first page holds it too.
    const rows = [
      ...screen.getByRole("region", { name: "All wallets" }).querySelectorAll("[data-wallet-id]"),
    ];
    expect(rows[1]?.getAttribute("data-wallet-id")).toBe(onPage1.id);
    expect(rows[1]?.textContent).toContain("Recent");
    expect(document.querySelectorAll(`[data-wallet-id="${onPage1.id}"]`)).toHaveLength(1);
  });

  it("shows the list without them when their entries cannot be had", async () => {
    const z = zerion();
    rememberRecent({ id: z.id, name: z.name, rdns: z.rdns });
    stubWalletsRoute({ includeFails: true });
    await renderWithWallet(<AllWalletsView />);
    const first = await firstOfAllWallets();
    expect(first.getAttribute("data-wallet-id")).not.toBe("zerion");
  });

  it("asks for nothing by id when no wallet was used here", async () => {
    const queries = stubWalletsRoute();
    await renderWithWallet(<AllWalletsView />);
    await firstOfAllWallets();
    expect(queries.some((q) => q.has("include"))).toBe(false);
  });
});
