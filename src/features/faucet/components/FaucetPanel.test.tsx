// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "../../../../test/render";
import type { ClaimView, FaucetStatus } from "../schema";
import { FaucetPanel } from "./FaucetPanel";

// One failed background refresh of the status once replaced the whole panel with the error card,
// an in-flight claim's progress included; the last status now stays, with a note.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const claim: ClaimView = {
  id: "5b0e0000-0000-4000-8000-000000000001",
  status: "queued",
  position: 2,
  createdAt: "2026-03-01T10:00:00.000Z",
  payments: [{ asset: "native", amount: "1000000000000000000", status: "queued" }],
};

const status: FaucetStatus = {
  drips: [{ asset: "native", symbol: "AURUM", decimals: 18, amount: "1000000000000000000" }],
  cooldownSeconds: 86_400,
  nextClaimAt: null,
  state: "ok",
  paused: false,
  rules: { ipLimit: 3, subnetLimit: 10, maxRecipientBalance: "10000000000000000000", powMaxNumber: 50_000 },
  lastClaim: claim,
  public: { assets: [], queueLength: 1, recent: [] },
};

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FaucetPanel explorerUrl="http://localhost:3000/explorer" />
    </QueryClientProvider>,
  );
  return client;
}

describe("FaucetPanel when a status refresh fails", () => {
  it("keeps the last status and the claim's progress, with a note instead of the error card", async () => {
    let statusUp = true;
    stubApi({
      "/api/faucet/status": () =>
        statusUp
          ? { body: status }
          : { status: 500, body: { error: { code: "SERVER_ERROR", message: "Something went wrong" } } },
      [`/api/faucet/claims/${claim.id}`]: () => ({ body: claim }),
    });
    const client = renderPanel();
    expect((await screen.findByTestId("faucet-claim-status")).textContent).toContain("position 2");
    expect(screen.queryByTestId("faucet-stale")).toBeNull();

    statusUp = false;
    await act(() => client.refetchQueries({ queryKey: ["faucet", "status"] }));
    await waitFor(() => expect(screen.getByTestId("faucet-stale")).toBeTruthy(), { timeout: 5_000 });
    expect(screen.getByTestId("faucet-stale").textContent).toContain("Could not refresh");
    expect(screen.queryByTestId("faucet-error")).toBeNull();
    expect(screen.getByTestId("faucet-drip").textContent).toBe("1 AURUM");
    expect(screen.getByTestId("faucet-claim-status").textContent).toContain("position 2");

    statusUp = true;
    await act(() => client.refetchQueries({ queryKey: ["faucet", "status"] }));
    await waitFor(() => expect(screen.queryByTestId("faucet-stale")).toBeNull(), { timeout: 5_000 });
  }, 15_000);

  it("shows the error card when the status was never read", async () => {
    stubApi({
      "/api/faucet/status": () => ({
        status: 500,
        body: { error: { code: "SERVER_ERROR", message: "Something went wrong" } },
      }),
    });
    renderPanel();
    expect((await screen.findByTestId("faucet-error", {}, { timeout: 5_000 })).textContent).toBe(
      "Something went wrong",
    );
    expect(screen.queryByTestId("faucet-drip")).toBeNull();
  }, 10_000);
});
