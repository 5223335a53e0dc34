// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
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
