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
const router = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const props = {
  address: ACCOUNT,
  tokens,
  contracts: [{ address: router, label: "swap router" }],
  chainId: env.chainId,
  explorerUrl: env.explorerUrl,
};

/** The balance API's entry for the native coin, `numeric` in base units. */
const nativeBalance = (numeric: string) => ({
  name: "Aurum",
  symbol: "AURUM",
  chainId: "eip155:99199",
  value: 0,
  price: 0,
  iconUrl: "",
  quantity: { decimals: "18", numeric },
});

function stubBalances() {
  return stubApi({
    [`/api/account/${ACCOUNT}/balance`]: () => ({
      body: {
        status: "ok",
        fetchedAt: new Date().toISOString(),
        balances: [
          nativeBalance("5000000000000000000"),
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

const RECEIVER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
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
    await screen.findByText("Balance: 10 tUSD");
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
    await screen.findByText("Balance: 10 tUSD");
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    await waitFor(() => expect((screen.getByTestId("send-amount") as HTMLInputElement).value).toBe("10"));
    expect(screen.getByTestId("send-submit").textContent).toBe("Review: send 10 tUSD");
  });

  it("silent while typing until Review; then every change is checked; a new token hides the message", async () => {
    stubBalances();
    await renderWithWallet(<SendForm {...props} />, { connected: true });
    await screen.findByText("Balance: 5 AURUM");
    type("send-receiver", router);
    type("send-amount", "7");
    // Before the first submit typing is silent (the seed: everything is checked on Review).
    expect(screen.queryByTestId("send-amount-error")).toBeNull();
    fireEvent.click(screen.getByTestId("send-submit"));
    expect((await screen.findByTestId("send-amount-error")).textContent).toMatch(
      /^Amount exceeds your AURUM balance after the network fee/,
    );
    // After a submit every change is checked again, at once.
    type("send-amount", "1");
    await waitFor(() => expect(screen.queryByTestId("send-amount-error")).toBeNull());
    type("send-amount", "1.2.3");
    expect((await screen.findByTestId("send-amount-error")).textContent).toBeTruthy();
    fireEvent.change(screen.getByTestId("send-token"), { target: { value: "tUSD" } });
    expect(screen.queryByTestId("send-amount-error")).toBeNull();
    expect((screen.getByTestId("send-submit") as HTMLButtonElement).disabled).toBe(false);
  });

  it("a checksum typo says so besides the seed's message", async () => {
    stubBalances();
    await renderWithWallet(<SendForm {...props} />, { connected: true });
    const typo = router.replace("F", "f");
    type("send-amount", "1");
    type("send-receiver", typo);
    fireEvent.click(screen.getByTestId("send-submit"));
    expect(
      await screen.findByText(
        `Address "${typo}" is invalid. The capitalisation doesn't match — check the address.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId("send-review")).toBeNull();
  });

  it("a valid form opens the review; the zero address must be acknowledged; Back keeps the values", async () => {
    stubBalances();
    await renderWithWallet(<SendForm {...props} />);
    type("send-amount", "1");
    type("send-receiver", "0x0000000000000000000000000000000000000000");
    fireEvent.click(screen.getByTestId("send-submit"));
    const review = await screen.findByTestId("send-review");
    expect(screen.getByTestId("review-amount").textContent).toContain("1 AURUM");
    expect(screen.getByTestId("send-warning").getAttribute("data-risk")).toBe("burn");
    expect(review.textContent).toContain("This is a burn address");
    fireEvent.click(screen.getByTestId("send-confirm"));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Tick the box");
    fireEvent.click(screen.getByTestId("send-ack"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("send-confirm").textContent).toBe("Connect wallet to send");
    fireEvent.click(screen.getByTestId("send-back"));
    expect((screen.getByTestId("send-amount") as HTMLInputElement).value).toBe("1");
  });

  it("names our own contracts in the warning", async () => {
    stubBalances();
    await renderWithWallet(<SendForm {...props} />, { connected: true });
    type("send-amount", "1");
    type("send-receiver", router.toLowerCase());
    fireEvent.click(screen.getByTestId("send-submit"));
    const warning = await screen.findByTestId("send-warning");
    expect(warning.getAttribute("data-risk")).toBe("contract");
    expect(warning.textContent).toContain("the swap router");
  });
});

describe("SendForm without a deployment", () => {
  it("says sending opens once the contracts are deployed, instead of failing to render", () => {
    renderWithWallet(<SendForm {...props} tokens={[]} />);
    expect(screen.getByTestId("send-unavailable").textContent).toContain("contracts are deployed");
    expect(screen.queryByTestId("send-form")).toBeNull();
  });
});

describe("SendForm after a failed send", () => {
  it("a failed send's error is not shown again on the next review, before anything was confirmed", async () => {
    stubBalances();
    await renderWithWallet(<SendForm {...props} />, { connected: true });
    await screen.findByText(/^Balance: /, {}, { timeout: 3000 });
    type("send-amount", "1");
    type("send-receiver", RECEIVER);
    fireEvent.click(screen.getByTestId("send-submit"));
    await screen.findByTestId("send-review", {}, { timeout: 3000 });
    // The receiver check (getCode) fails at once without a chain; wait until Confirm is usable.
    await waitFor(
      () => expect((screen.getByTestId("send-confirm") as HTMLButtonElement).disabled).toBe(false),
      { timeout: 5000 },
    );
    fireEvent.click(screen.getByTestId("send-confirm"));
    // The wallet call fails (no chain behind the mock wallet): the review says why.
    const failure = await screen.findByRole("alert", {}, { timeout: 5000 });
    const failureText = failure.textContent;
    expect(failureText).toBeTruthy();
    // Back to the form, change the amount, review again.
    fireEvent.click(screen.getByTestId("send-back"));
    type("send-amount", "2");
    fireEvent.click(screen.getByTestId("send-submit"));
    await screen.findByTestId("send-review", {}, { timeout: 3000 });
    expect(screen.getByTestId("review-amount").textContent).toContain("2 AURUM");
    // Nothing was sent for this draft yet: the old failure must not be shown as if it were its outcome.
    expect(screen.queryByText(failureText as string)).toBeNull();
  }, 15_000);
});

// When the balance read fails (the API says `unavailable`), the send form once kept saying
// "Reading your balance…" for good: a loading state that never ended, with Max gone and no word
// that the balance is unknown (the seed: a failed read shows "Token Balance Unavailable").
describe("SendForm with an unavailable balance", () => {
  it("says the balance is unavailable instead of loading forever", async () => {
    const fetchMock = stubApi({
      [`/api/account/${ACCOUNT}/balance`]: () => ({
        body: {
          status: "unavailable",
          fetchedAt: new Date().toISOString(),
          balances: [nativeBalance("0")],
        },
      }),
    });
    await renderWithWallet(<SendForm {...props} />, { connected: true });
    // The read has answered.
    await waitFor(() => expect(apiCalls(fetchMock).some(([p]) => p.endsWith("/balance"))).toBe(true));
    await new Promise((r) => setTimeout(r, 300));
    const form = screen.getByTestId("send-form").textContent ?? "";
    expect(form).not.toContain("Reading your balance…");
    expect(form).toMatch(/unavailable/i);
  });

  it("says so in the seed's words, retries on request, and still opens the review with a warning", async () => {
    let answer: "unavailable" | "error" | "ok" = "unavailable";
    const fetchMock = stubApi({
      [`/api/account/${ACCOUNT}/balance`]: () =>
        answer === "error"
          ? { status: 500, body: { error: { code: "SERVER_ERROR", message: "Something went wrong" } } }
          : {
              body: {
                status: answer,
                fetchedAt: new Date().toISOString(),
                balances: [nativeBalance(answer === "ok" ? "5000000000000000000" : "0")],
              },
            },
    });
    await renderWithWallet(<SendForm {...props} />, { connected: true });
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
