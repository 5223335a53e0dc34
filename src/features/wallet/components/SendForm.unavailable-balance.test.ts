// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, apiCalls, renderWithWallet, stubApi, testEnv } from "../../../../test/render";
import { SendForm } from "./SendForm";

// When the balance read fails (the API says `unavailable`), the send form once kept saying
// "Reading your balance…" for good: a loading state that never ended, with Max gone and no word
// that the balance is unknown (the seed: a failed read shows "Token Balance Unavailable").

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const env = testEnv();
const tokens = [env.tokens.find((t) => t.id === "native")!, env.tokens.find((t) => t.id === "tUSD")!];

describe("SendForm with an unavailable balance", () => {
  it("says the balance is unavailable instead of loading forever", async () => {
    const fetchMock = stubApi({
      [`/api/account/${ACCOUNT}/balance`]: () => ({
        body: {
          status: "unavailable",
          fetchedAt: new Date().toISOString(),
          balances: [
            {
              name: "Aurum",
              symbol: "AURUM",
              chainId: "eip155:99199",
              value: 0,
              price: 0,
              iconUrl: "",
              quantity: { decimals: "18", numeric: "0" },
            },
          ],
        },
      }),
    });
    await renderWithWallet(
      createElement(SendForm, {
        address: ACCOUNT,
        tokens,
        contracts: [],
        chainId: env.chainId,
        explorerUrl: env.explorerUrl,
      }),
      { connected: true },
    );
    // The read has answered.
    await waitFor(() => expect(apiCalls(fetchMock).some(([p]) => p.endsWith("/balance"))).toBe(true));
    await new Promise((r) => setTimeout(r, 300));
    const form = screen.getByTestId("send-form").textContent ?? "";
    expect(form).not.toContain("Reading your balance…");
    expect(form).toMatch(/unavailable/i);
  });

  it("says so in the seed's words, retries on request, and still opens the review with a warning", async () => {
    let answer: "unavailable" | "error" | "ok" = "unavailable";
    const native = {
      name: "Aurum",
      symbol: "AURUM",
      chainId: "eip155:99199",
      value: 0,
      price: 0,
      iconUrl: "",
      quantity: { decimals: "18", numeric: "5000000000000000000" },
    };
    const fetchMock = stubApi({
      [`/api/account/${ACCOUNT}/balance`]: () =>
        answer === "error"
          ? { status: 500, body: { error: { code: "SERVER_ERROR", message: "Something went wrong" } } }
          : {
              body: {
                status: answer,
                fetchedAt: new Date().toISOString(),
                balances: [
                  answer === "ok" ? native : { ...native, quantity: { decimals: "18", numeric: "0" } },
                ],
              },
            },
    });
    await renderWithWallet(
      createElement(SendForm, {
        address: ACCOUNT,
        tokens,
        contracts: [],
        chainId: env.chainId,
        explorerUrl: env.explorerUrl,
      }),
      { connected: true },
    );
    const unavailable = await screen.findByTestId("send-balance-unavailable");
    expect(unavailable.textContent).toContain("Token Balance Unavailable");
    expect(screen.queryByRole("button", { name: "Max" })).toBeNull();
    expect(screen.getByTestId("send-balance-unchecked").textContent).toContain("could not be checked");

    // A failed request (not an `unavailable` answer) reads the same.
    answer = "error";
    fireEvent.click(screen.getByTestId("send-balance-retry"));
    await waitFor(() => expect(apiCalls(fetchMock).filter(([p]) => p.endsWith("/balance")).length).toBe(2));
    await waitFor(() => expect(screen.getByTestId("send-balance-retry").textContent).toBe("Retry"));
    expect(screen.getByTestId("send-balance-unavailable").textContent).toContain("Token Balance Unavailable");

    // Review is not blocked: the amount goes unchecked, and the review repeats the warning.
    fireEvent.change(screen.getByTestId("send-amount"), { target: { value: "1000" } });
    fireEvent.change(screen.getByTestId("send-receiver"), {
      target: { value: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
    });
    fireEvent.click(screen.getByTestId("send-submit"));
    await screen.findByTestId("send-review", {}, { timeout: 3000 });
    expect(screen.getByTestId("send-balance-unchecked")).toBeTruthy();
    fireEvent.click(screen.getByTestId("send-back"));

    // Retry reads again at once (not after the 30 s backoff); a good answer brings Balance and Max back.
    answer = "ok";
    fireEvent.click(screen.getByTestId("send-balance-retry"));
    expect(await screen.findByText("Balance: 5 AURUM")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Max" })).toBeTruthy();
    expect(screen.queryByTestId("send-balance-unchecked")).toBeNull();
    fireEvent.click(screen.getByTestId("send-submit"));
    expect(await screen.findByText(/^Amount exceeds your AURUM balance/)).toBeTruthy();
  }, 15_000);
});
