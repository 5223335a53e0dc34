// @vitest-environment happy-dom
// Review (explorer): with the RPC down, a block or transaction page failed as the generic error page
// (a 500). It now says the testnet cannot be reached and offers the same page again; a block the node
// does not know is still a 404.
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

const reads = vi.hoisted(() => ({ block: vi.fn(), tx: vi.fn() }));
vi.mock("@/features/explorer/server", async () => {
  const actual = await vi.importActual<typeof import("@/features/explorer/server")>(
    "@/features/explorer/server",
  );
  return {
    TestnetUnreadableError: actual.TestnetUnreadableError,
    unlessUnreadable: actual.unlessUnreadable,
    unreadablePageMetadata: actual.unreadablePageMetadata,
    contractLabels: () => new Map(),
    getBlockView: reads.block,
    getTxView: reads.tx,
  };
});
vi.mock("@/server/locale", () => ({ requestLocale: async () => "en" }));
vi.mock("@/server/public-config", () => ({ publicConfig: () => ({ nativeSymbol: "AURUM" }) }));
vi.mock("next/navigation", () => ({
  notFound: () => {
    throw new Error("NOT_FOUND");
  },
  usePathname: () => "/explorer",
}));

const { TestnetUnreadableError } = await import("@/features/explorer/server");
const { default: BlockRoute, generateMetadata: blockMetadata } = await import("./page");
const { default: TxRoute, generateMetadata: txMetadata } = await import("../../tx/[hash]/page");

afterEach(() => {
  cleanup();
  reads.block.mockReset();
  reads.tx.mockReset();
});

const HASH = `0x${"ab".repeat(32)}`;
const down = () =>
  Promise.reject(new TestnetUnreadableError("a block", new Error("HTTP request failed. Status: 503")));

describe("explorer block and transaction pages while the testnet cannot be read", () => {
  it("the block page says so and links the same block again", async () => {
    reads.block.mockImplementation(down);
    render((await BlockRoute({ params: Promise.resolve({ number: "42" }) })) as ReactElement);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Block 42");
    expect(screen.getByRole("status").textContent).toContain(
      "The testnet cannot be reached right now, so this block cannot be shown.",
    );
    expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe("/explorer/block/42");
  });

  it("the transaction page says so and links the same transaction again", async () => {
    reads.tx.mockImplementation(down);
    render((await TxRoute({ params: Promise.resolve({ hash: HASH }) })) as ReactElement);
    expect(screen.getByRole("status").textContent).toContain("so this transaction cannot be shown");
    expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(`/explorer/tx/${HASH}`);
  });

  it("a block the node does not know is still a 404, and a database error still fails the page", async () => {
    reads.block.mockResolvedValue(null);
    await expect(BlockRoute({ params: Promise.resolve({ number: "42" }) })).rejects.toThrow("NOT_FOUND");
    reads.tx.mockRejectedValue(new Error("database is down"));
    await expect(TxRoute({ params: Promise.resolve({ hash: HASH }) })).rejects.toThrow("database is down");
  });

  // The page answers 200 either way (it streams); a search engine must not keep "cannot be reached"
  // as the page of a block or transaction.
  it("keeps the 'cannot be reached' answer out of search indexes, and only that answer", async () => {
    reads.block.mockImplementation(down);
    reads.tx.mockImplementation(down);
    expect(await blockMetadata({ params: Promise.resolve({ number: "42" }) })).toMatchObject({
      title: "Block",
      robots: { index: false },
    });
    expect(await txMetadata({ params: Promise.resolve({ hash: HASH }) })).toMatchObject({
      robots: { index: false },
    });
    reads.block.mockResolvedValue({ number: 42 });
    reads.tx.mockResolvedValue(null);
    expect(await blockMetadata({ params: Promise.resolve({ number: "42" }) })).toEqual({ title: "Block" });
    expect(await txMetadata({ params: Promise.resolve({ hash: HASH }) })).toEqual({ title: "Transaction" });
    // A malformed segment reads nothing (the page answers 404).
    reads.block.mockClear();
    expect(await blockMetadata({ params: Promise.resolve({ number: "x" }) })).toEqual({ title: "Block" });
    expect(reads.block).not.toHaveBeenCalled();
  });
});
