// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet } from "../../../../test/render";
import { ActivityList } from "./ActivityList";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROW = {
  id: "0xab:row",
  kind: "receive",
  status: "confirmed",
  txHash: `0x${"ab".repeat(32)}`,
  blockNumber: 7,
  time: "2026-11-30T10:00:00.000Z",
  explorerUrl: "/explorer/tx/0xab",
  counterparty: null,
  transfers: [
    {
      direction: "in",
      name: "Aurum",
      symbol: "AURUM",
      quantity: { decimals: "18", numeric: "1000000000000000000" },
    },
  ],
  metadata: { minedAt: "2026-11-30T10:00:00.000Z", chain: "eip155:99199" },
};

/** History pages by cursor: `pages[cursor ?? ""]`. */
function history(pages: Record<string, { data: unknown[]; next: string | null }>) {
  const fetchMock = vi.fn(async (url: string) => {
    const cursor = new URL(url, "http://x").searchParams.get("cursor") ?? "";
    return new Response(JSON.stringify(pages[cursor]), { status: 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("ActivityList", () => {
  it("reads on past pages that show nothing instead of saying there is no activity", async () => {
    history({ "": { data: [], next: "c1" }, c1: { data: [], next: "c2" }, c2: { data: [ROW], next: null } });
    await renderWithWallet(<ActivityList address={ACCOUNT} pollMs={false} />);
    await waitFor(() => expect(screen.getAllByTestId("activity-row")).toHaveLength(1));
    expect(screen.queryByText("No activity yet")).toBeNull();
  });

  it("stops reading on its own after a few empty pages and offers Load more", async () => {
    const pages: Record<string, { data: unknown[]; next: string | null }> = {};
    for (let i = 0; i < 10; i++) pages[i === 0 ? "" : `c${i}`] = { data: [], next: `c${i + 1}` };
    const fetchMock = history(pages);
    await renderWithWallet(<ActivityList address={ACCOUNT} pollMs={false} />);
    await screen.findByRole("button", { name: "Load more" });
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(screen.queryByText("No activity yet")).toBeNull();
  });

  it("says there is no activity when there is none", async () => {
    history({ "": { data: [], next: null } });
    await renderWithWallet(<ActivityList address={ACCOUNT} pollMs={false} />);
    expect(await screen.findByText("No activity yet")).toBeTruthy();
  });
});
