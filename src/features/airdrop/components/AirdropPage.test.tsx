// @vitest-environment happy-dom
// /airdrop: states the participant must never be stuck in without a reload (the countdown reaching
// 0, another sign-in, an expired session, a claim that leaves the round's figures stale).
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useContext, useState } from "react";
import type { Address } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WalletContext } from "@/wallet-modal/context";
import { apiCalls, renderWithWallet, stubApi } from "../../../../test/render";

// The claim's transaction (no chain in component tests): what the runner answers when it is mined.
const run = vi.hoisted(() => vi.fn(async () => ({ transactionHash: `0x${"ee".repeat(32)}` })));
vi.mock("@/web3", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/web3")>()),
  useTransactionRunner: () => run,
}));
// The distributor's isClaimed as the chain answers it: not claimed (the harness has no chain).
vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useReadContract: () => ({ data: false, isPending: false, refetch: async () => ({ data: false }) }),
}));

import type { PublicRound } from "../schema";
import { AirdropPage } from "./AirdropPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const A = "0x00000000000000000000000000000000000000a1" as Address;
const B = "0x00000000000000000000000000000000000000b2" as Address;
const env = { chainId: 99199, explorerUrl: "http://explorer.test" };

function round(opensAt: number, me: Partial<PublicRound["me"]>): PublicRound {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    name: "Season 1",
    status: Date.now() < opensAt ? "upcoming" : "open",
    token: { address: "0x00000000000000000000000000000000000000c3", symbol: "tAIR", decimals: 18 },
    distributor: "0x00000000000000000000000000000000000000d4",
    merkleRoot: `0x${"ab".repeat(32)}`,
    snapshotAt: new Date(Date.now() - 3_600_000).toISOString(),
    opensAt: new Date(opensAt).toISOString(),
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
    totalAmount: "1000000000000000000000",
    minPoints: 100,
    recipients: 2,
    claims: { count: 0, amount: "0" },
    me: {
      eligible: false,
      index: null,
      amount: null,
      proof: null,
      claimed: false,
      breakdown: null,
      reason: "no_points",
      points: 0,
      ...me,
    },
  };
}

const ELIGIBLE = {
  eligible: true,
  index: 0,
  amount: "400000000000000000000",
  proof: [`0x${"cd".repeat(32)}`],
  reason: null,
  points: 1000,
  breakdown: { points: 1000, tier: "Silver", multiplier: 1, minPoints: 100, capped: false, cap: null },
};

/** The wallet modal's session, switchable from the test (what a sign-in as another address does). */
const switcher: { to: (a: Address) => void } = { to: () => {} };
function SessionSwitch() {
  const ctx = useContext(WalletContext);
  const [addr, setAddr] = useState<Address>(A);
  switcher.to = setAddr;
  if (!ctx) return null;
  return (
    <WalletContext.Provider value={{ ...ctx, sessionAddress: addr }}>
      <AirdropPage env={env} />
    </WalletContext.Provider>
  );
}

describe("/airdrop", () => {
  it("shows the Claim button once the countdown to the opening reaches 0 (no reload needed)", async () => {
    const opensAt = Date.now() + 1_500;
    // The server answers by the clock, like phaseOf: "upcoming" before the opening, "open" after it.
    stubApi({ "/api/airdrop": () => ({ body: { rounds: [round(opensAt, ELIGIBLE)] } }) });
    await renderWithWallet(<AirdropPage env={env} />, { sessionAddress: A });
    await screen.findByText(/Claims open in/);
    await act(() => new Promise((r) => setTimeout(r, 3_500)));
    // "Claims open in 0s" used to stay, with no Claim button, until the tab lost and regained focus.
    expect(screen.queryByText(/Claims open in/)?.textContent ?? null).toBeNull();
    expect(screen.getByRole("button", { name: /^Claim / })).toBeTruthy();
  }, 10_000);

  it("does not show the previous account's allocation after signing in as another address", async () => {
    let session: Address = A;
    stubApi({
      "/api/airdrop": () => ({
        body: { rounds: [round(Date.now() - 1_000, session === A ? ELIGIBLE : {})] },
      }),
    });
    await renderWithWallet(<SessionSwitch />, { sessionAddress: A });
    await screen.findByText(/You are eligible for 400/);
    // Signed in as B in the wallet modal (SIWXSignMessage: setSessionAddress + router.refresh()).
    session = B;
    act(() => switcher.to(B));
    // A's amount and Claim button used to stay, next to B's address ("Tokens always go to … 0x…b2"),
    // and Claim sent A's index, amount and proof with account B (the contract: InvalidProof).
    await waitFor(() => expect(screen.getByTestId("airdrop-amount").textContent).toMatch(/not eligible/), {
      timeout: 2_000,
    });
  }, 10_000);

  it("shows the signed-out state when the session expired (401), not 'Could not load … .'", async () => {
    stubApi({
      "/api/airdrop": () => ({
        status: 401,
        body: { error: { code: "UNAUTHORIZED", message: "Sign in with your wallet first." } },
      }),
    });
    await renderWithWallet(<AirdropPage env={env} />, { sessionAddress: A });
    await screen.findByText("You are signed out");
    expect(screen.queryByText(/Could not load/)).toBeNull();
  });

  it("ends a load failure's message with one period", async () => {
    stubApi({
      "/api/airdrop": () => ({
        status: 500,
        body: { error: { code: "SERVER_ERROR", message: "Something went wrong on our side." } },
      }),
    });
    await renderWithWallet(<AirdropPage env={env} />, { sessionAddress: A });
    await screen.findByText("Could not load the airdrop");
    expect(screen.getByText("Something went wrong on our side. Reload the page to try again.")).toBeTruthy();
  });

  it("tells an eligible participant whose share rounded to 0 why, with their points", async () => {
    stubApi({
      "/api/airdrop": () => ({
        body: { rounds: [round(Date.now() - 1_000, { reason: "rounded_to_zero", points: 1 })] },
      }),
    });
    await renderWithWallet(<AirdropPage env={env} />, { sessionAddress: A });
    const reason = await screen.findByTestId("airdrop-reason");
    expect(reason.textContent).toMatch(/You had 1 points at the snapshot and met the rule/);
    expect(reason.textContent).not.toMatch(/no points/);
  });

  it("reads the round again after a successful claim, so 'N claims so far' is current", async () => {
    let claims = 0;
    const api = stubApi({
      "/api/airdrop": () => ({
        body: {
          rounds: [
            {
              ...round(Date.now() - 1_000, ELIGIBLE),
              claims: { count: claims, amount: claims ? ELIGIBLE.amount : "0" },
            },
          ],
        },
      }),
    });
    await renderWithWallet(<AirdropPage env={env} />, { sessionAddress: A });
    await screen.findByText(/0 claims so far/);
    const claim = await screen.findByRole("button", { name: /^Claim / });
    await waitFor(() => expect((claim as HTMLButtonElement).disabled).toBe(false));
    const before = apiCalls(api).filter(([p]) => p === "/api/airdrop").length;
    claims = 1; // the indexer saw the claim
    fireEvent.click(claim);
    await screen.findByText(/1 claims so far/);
    expect(run).toHaveBeenCalledOnce();
    expect(apiCalls(api).filter(([p]) => p === "/api/airdrop").length).toBeGreaterThan(before);
  });
});
