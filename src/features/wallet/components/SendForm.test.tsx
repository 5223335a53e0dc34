// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, apiCalls, renderWithWallet, stubApi, testEnv } from "../../../../test/render";
import { SendForm } from "./SendForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const env = testEnv();
const tusd = env.tokens.find((t) => t.id === "tUSD")!;
const tokens = [env.tokens.find((t) => t.id === "native")!, tusd];
const props = { address: ACCOUNT, tokens, chainId: env.chainId, explorerUrl: env.explorerUrl };

function stubBalances() {
  return stubApi({
    [`/api/account/${ACCOUNT}/balance`]: () => ({
      body: {
        status: "ok",
        fetchedAt: new Date().toISOString(),
        balances: [
          {
            name: "Aurum",
            symbol: "AURUM",
            chainId: "eip155:99199",
            value: 0,
            price: 0,
            iconUrl: "",
            quantity: { decimals: "18", numeric: "5000000000000000000" },
          },
          {
            name: "Test USD",
            symbol: "tUSD",
            chainId: "eip155:99199",
            address: tusd.caip,
            value: 0,
            price: 0,
            iconUrl: "",
            quantity: { decimals: "6", numeric: "10000000" },
          },
        ],
      },
    }),
  });
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe("SendForm", () => {
  it("validates before anything else: both fields are required", async () => {
    stubBalances();
    await renderWithWallet(<SendForm {...props} />, { connected: true });
    fireEvent.click(screen.getByTestId("send-submit"));
    expect(await screen.findByText("An amount and receiver address are required")).toBeTruthy();
  });

  it("refuses more than the balance and an invalid address, without asking the wallet", async () => {
    const fetchMock = stubBalances();
    await renderWithWallet(<SendForm {...props} />, { connected: true });
    fireEvent.change(screen.getByTestId("send-token"), { target: { value: "tUSD" } });
    await screen.findByText("Balance: 10.000 tUSD");
    type("send-amount", "12.5");
    type("send-receiver", "0x1234");
    fireEvent.click(screen.getByTestId("send-submit"));
    expect(await screen.findByText("Amount exceeds your tUSD balance")).toBeTruthy();
    expect(screen.getByText('Address "0x1234" is invalid.')).toBeTruthy();
    expect(apiCalls(fetchMock).every(([p]) => p.endsWith("/balance"))).toBe(true);
  });

  it("Max fills in the whole token balance (no fee reserve for a token)", async () => {
    stubBalances();
    await renderWithWallet(<SendForm {...props} />, { connected: true });
    fireEvent.change(screen.getByTestId("send-token"), { target: { value: "tUSD" } });
    await screen.findByText("Balance: 10.000 tUSD");
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    await waitFor(() => expect((screen.getByTestId("send-amount") as HTMLInputElement).value).toBe("10"));
    expect(screen.getByTestId("send-submit").textContent).toBe("Send 10 tUSD");
  });

  it("asks to connect a wallet when none is connected", async () => {
    stubBalances();
    await renderWithWallet(<SendForm {...props} />);
    expect(screen.getByTestId("send-submit").textContent).toBe("Connect wallet to send");
  });
});

describe("SendForm without a deployment", () => {
  it("says sending opens once the contracts are deployed, instead of failing to render", () => {
    renderWithWallet(<SendForm {...props} tokens={[]} />);
    expect(screen.getByTestId("send-unavailable").textContent).toContain("contracts are deployed");
    expect(screen.queryByTestId("send-form")).toBeNull();
  });
});
