// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChainStatus } from "../chain-status-types";
import { ChainStatusPanel } from "./ChainStatusPanel";

// /testnet's "Live status" must not keep saying "Healthy" with a frozen block number once its
// polling fails. The page always passes the server-rendered status as `initial`, so an error state
// that is only shown without data never showed.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ChainStatusPanel when polling fails", () => {
  it("stops reporting the RPC as Healthy after the status reads fail", async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    const initial: ChainStatus = {
      blockNumber: "1234",
      gasPriceWei: "1000000000",
      rpc: { ok: true, latencyMs: 12 },
    };
    const client = new QueryClient();
    render(createElement(QueryClientProvider, { client }, createElement(ChainStatusPanel, { initial })));
    expect(screen.getByTestId("rpc-health").textContent).toContain("Healthy");
    // The first refetch (on mount: the initial data is stale at once) and its one retry fail.
    await waitFor(() => expect(client.getQueryState(["testnet", "status"])?.status).toBe("error"), {
      timeout: 5_000,
    });
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.getByTestId("rpc-health").textContent).not.toContain("Healthy");
  }, 10_000);

  it("keeps the last reading, greyed and marked, then shows live health again once a poll answers", async () => {
    let up = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        if (!up) throw new TypeError("Failed to fetch");
        const body: ChainStatus = {
          blockNumber: "1240",
          gasPriceWei: "1000000000",
          rpc: { ok: true, latencyMs: 9 },
        };
        return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
      }),
    );
    const initial: ChainStatus = {
      blockNumber: "1234",
      gasPriceWei: "1000000000",
      rpc: { ok: true, latencyMs: 12 },
    };
    const client = new QueryClient();
    render(createElement(QueryClientProvider, { client }, createElement(ChainStatusPanel, { initial })));
    await waitFor(() => expect(screen.getByTestId("rpc-health").textContent).toContain("Could not refresh"), {
      timeout: 5_000,
    });
    const block = screen.getByTestId("testnet-block-number");
    expect(block.textContent).toBe("1,234");
    expect(block.className).toContain("text-muted");
    expect(block.parentElement?.textContent).toContain("(last reading)");

    up = true;
    await act(() => client.refetchQueries({ queryKey: ["testnet", "status"] }));
    await waitFor(() => expect(screen.getByTestId("rpc-health").textContent).toBe("Healthy9 ms"));
    expect(screen.getByTestId("testnet-block-number").textContent).toBe("1,240");
    expect(screen.getByTestId("testnet-block-number").className).not.toContain("text-muted");
    expect(screen.queryByText(/last reading/)).toBeNull();
  }, 10_000);
});
