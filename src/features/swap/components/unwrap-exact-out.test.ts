// @vitest-environment happy-dom
// Unwrapping exactly the WAURUM one holds, typed as the amount to receive (exact-out), burns exactly
// that WAURUM (WrappedNative.withdraw, 1:1): the form must accept it. It used to check the quote's
// slippage maximum (1.01 WAURUM) against the balance and said "Insufficient WAURUM balance".
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet, stubApi, testEnv } from "../../../../test/render";

const ONE = 10n ** 18n;
vi.mock("@/features/tokens", async (orig) => {
  const real = await orig<typeof import("@/features/tokens")>();
  return {
    ...real,
    // The wallet holds exactly 1 WAURUM and plenty of AURUM for gas.
    useTokenBalances: () => ({ data: { native: 10n * ONE, WAURUM: ONE, tUSD: 0n, tETH: 0n } }),
    usePrices: () => ({ data: undefined }),
  };
});

import { SwapWidget } from "./SwapWidget";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const env = testEnv();
const byId = (id: string) => env.tokens.find((t) => t.id === id)!;

async function pickToken(trigger: string, symbol: string) {
  fireEvent.click(screen.getByTestId(trigger));
  const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
  const button = within(dialog)
    .getAllByRole("button")
    .find((b) => b.querySelector(".font-semibold")?.textContent === symbol);
  fireEvent.click(button!);
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

describe("SwapWidget: unwrap exact-out", () => {
  it("lets the user unwrap all of their WAURUM by typing it as the amount to receive", async () => {
    const wrapped = byId("WAURUM");
    const native = byId("native");
    // A server that still answers the old +1 % bound for an unwrap (the server now answers 1:1,
    // wrap-quote-bounds.test.ts): the form itself must not trust a slippage bound on a 1:1 unwrap.
    stubApi({
      "/api/fungible/price": () => ({ body: { fungibles: [] } }),
      "/api/convert/quotes": () => ({
        body: {
          quotes: [
            {
              kind: "unwrap",
              side: "exactOut",
              fromAmount: ONE.toString(),
              toAmount: ONE.toString(),
              route: [wrapped.caip, native.caip],
              path: [],
              amounts: [ONE.toString(), ONE.toString()],
              priceImpact: "0.00",
              fee: "0",
              slippage: 1,
              minimumReceived: ONE.toString(),
              maximumSold: ((ONE * 10_100n + 9_999n) / 10_000n).toString(),
            },
          ],
        },
      }),
    });
    await renderWithWallet(createElement(SwapWidget, { env }), { connected: true });
    // Pay with WAURUM, receive AURUM (the widget starts at AURUM → tUSD).
    await pickToken("swap-from-token", "WAURUM");
    await pickToken("swap-to-token", "AURUM");
    expect(screen.getByTestId("swap-from-token").textContent).toBe("WAURUM");
    expect(screen.getByTestId("swap-to-token").textContent).toBe("AURUM");

    fireEvent.change(screen.getByTestId("swap-to-amount"), { target: { value: "1" } });
    const submit = () => screen.getByTestId("swap-submit") as HTMLButtonElement;
    await waitFor(() => expect(submit().textContent).not.toBe("Fetching best price…"), { timeout: 3000 });
    // "Unwrap", enabled: the unwrap burns exactly the 1 WAURUM held (it was "Insufficient WAURUM
    // balance" under "You pay" and the button disabled).
    expect(screen.queryByTestId("swap-from-error")?.textContent ?? null).toBeNull();
    expect(submit().textContent).toBe("Unwrap");
    expect(submit().disabled).toBe(false);
  });
});
