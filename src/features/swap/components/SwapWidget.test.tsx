// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCalls, renderWithWallet, stubApi, testEnv } from "../../../../test/render";
import { SwapWidget } from "./SwapWidget";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const env = testEnv();
const type = (value: string) =>
  fireEvent.change(screen.getByTestId("swap-from-amount"), { target: { value } });

describe("SwapWidget", () => {
  it("without a wallet the button connects one", async () => {
    stubApi({ "/api/fungible/price": () => ({ body: { fungibles: [] } }) });
    await renderWithWallet(<SwapWidget env={env} />);
    expect(screen.getByTestId("swap-submit").textContent).toBe("Connect wallet");
  });

  it("connected: asks for an amount, and refuses letters inline without fetching a quote", async () => {
    const fetchMock = stubApi({ "/api/fungible/price": () => ({ body: { fungibles: [] } }) });
    await renderWithWallet(<SwapWidget env={env} />, { connected: true });
    expect(screen.getByTestId("swap-submit").textContent).toBe("Enter an amount");
    type("abc");
    expect(await screen.findByTestId("swap-from-error")).toBeTruthy();
    expect((screen.getByTestId("swap-submit") as HTMLButtonElement).disabled).toBe(true);
    expect(apiCalls(fetchMock).some(([p]) => p === "/api/convert/quotes")).toBe(false);
  });

  it("asks the server for a quote of the typed amount and shows the server's error as is", async () => {
    const fetchMock = stubApi({
      "/api/fungible/price": () => ({ body: { fungibles: [] } }),
      "/api/convert/quotes": () => ({
        status: 400,
        body: { error: { code: "NO_ROUTE", message: "No route for this trade" } },
      }),
    });
    await renderWithWallet(<SwapWidget env={env} />, { connected: true });
    type("1,5");
    expect(await screen.findByTestId("quote-error", {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByTestId("quote-error").textContent).toBe("No route for this trade");
    const quote = apiCalls(fetchMock).find(([p]) => p === "/api/convert/quotes");
    expect(quote).toBeTruthy();
    const url = String(fetchMock.mock.calls.find(([i]) => String(i).includes("/api/convert/quotes"))?.[0]);
    expect(new URL(url, "http://localhost").searchParams.get("amount")).toBe("1500000000000000000");
  });

  it("an invalid custom slippage (0 or 60 %) disables the swap instead of silently using 1 %", async () => {
    stubApi({ "/api/fungible/price": () => ({ body: { fungibles: [] } }) });
    await renderWithWallet(<SwapWidget env={env} />, { connected: true });
    fireEvent.click(screen.getByTestId("swap-settings-toggle"));
    // The settings panel is fetched on the first open.
    await screen.findByTestId("slippage-input", {}, { timeout: 3000 });
    const submit = () => screen.getByTestId("swap-submit") as HTMLButtonElement;
    for (const bad of ["0", "60"]) {
      fireEvent.change(screen.getByTestId("slippage-input"), { target: { value: bad } });
      expect(submit().disabled, bad).toBe(true);
      expect(submit().textContent).toBe("Fix the swap settings");
    }
    fireEvent.change(screen.getByTestId("slippage-input"), { target: { value: "0.5" } });
    expect(submit().textContent).not.toBe("Fix the swap settings");
  });
});

const byId = (id: string) => env.tokens.find((t) => t.id === id)!;
const native = byId("native");
const tUSD = byId("tUSD");
const wrapped = byId("WAURUM");

const swapQuote = () => ({
  body: {
    quotes: [
      {
        kind: "swap",
        side: "exactIn",
        fromAmount: "1000000000000000000",
        toAmount: "5000000",
        route: [native.caip, tUSD.caip],
        path: [wrapped.caip, tUSD.caip],
        amounts: ["1000000000000000000", "5000000"],
        priceImpact: 0.1,
        fee: "3000000000000000",
        minimumReceived: "4950000",
        maximumSold: "1000000000000000000",
      },
    ],
  },
});

describe("SwapWidget: a failed chain read", () => {
  it("a failed chain read while preparing the swap shows a sentence, not viem's raw dump", async () => {
    stubApi({
      "/api/fungible/price": () => ({ body: { fungibles: [] } }),
      "/api/convert/quotes": swapQuote,
    });
    await renderWithWallet(<SwapWidget env={env} />, { connected: true });
    fireEvent.change(screen.getByTestId("swap-from-amount"), { target: { value: "1" } });
    const submit = () => screen.getByTestId("swap-submit") as HTMLButtonElement;
    await waitFor(() => expect(submit().textContent).toBe("Swap"), { timeout: 3000 });
    // The balance is unknown (no chain), so the form lets the swap through to the wallet layer.
    fireEvent.click(submit());
    const text = (await screen.findByTestId("swap-error", {}, { timeout: 8000 })).textContent ?? "";
    expect(text).not.toMatch(/Raw Call Arguments|Request body|URL:|Version: viem|Docs: https/);
    expect(text).not.toContain("\n");
  }, 15_000);
});
