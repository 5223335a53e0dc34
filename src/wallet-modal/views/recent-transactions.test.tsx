// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import type * as ViemActions from "viem/actions";
import { afterEach, describe, expect, it, vi } from "vitest";

const wait = vi.hoisted(() => vi.fn());
vi.mock("viem/actions", async (importOriginal) => ({
  ...(await importOriginal<typeof ViemActions>()),
  waitForTransactionReceipt: (...a: unknown[]) => wait(...a),
}));
vi.mock("wagmi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("wagmi")>()),
  useConfig: () => ({ getClient: () => ({}) }),
}));

import { readTransactions, recordTransaction } from "../state/transactions";
import RecentTransactions from "./RecentTransactions";

const SENT = `0x${"a".repeat(64)}`;
const MINED = `0x${"b".repeat(64)}`;

/** viem's wait as it ends when the wallet replaced SENT: the replacement's receipt, after onReplaced. */
function replacedBy(reason: "cancelled" | "replaced" | "repriced") {
  wait.mockImplementation(
    async (_client: unknown, { onReplaced }: { onReplaced?: (r: { reason: string }) => void }) => {
      onReplaced?.({ reason });
      return { transactionHash: MINED, status: "success" };
    },
  );
}

const rows = () => readTransactions().map((t) => [t.hash, t.status]);

afterEach(() => {
  cleanup();
  wait.mockReset();
  localStorage.clear();
});

describe("RecentTransactions follows a pending transaction the wallet replaced", () => {
  it.each(["cancelled", "replaced"] as const)("%s: the row fails, not confirms", async (reason) => {
    recordTransaction(SENT, "Stake 5 WAURUM");
    replacedBy(reason);
    render(<RecentTransactions chainId={99199} explorerUrl="http://explorer.test" />);
    await waitFor(() => expect(rows()).toEqual([[SENT, "failed"]]));
    expect(await screen.findByText("Failed")).toBeTruthy();
  });

  it("repriced (sped up): confirmed, and the link goes to the mined transaction", async () => {
    recordTransaction(SENT, "Stake 5 WAURUM");
    replacedBy("repriced");
    render(<RecentTransactions chainId={99199} explorerUrl="http://explorer.test" />);
    await waitFor(() => expect(rows()).toEqual([[MINED, "confirmed"]]));
    expect(screen.getByRole("link").getAttribute("href")).toBe(`http://explorer.test/tx/${MINED}`);
  });

  it("a reverted receipt settles as failed instead of staying pending", async () => {
    recordTransaction(SENT, "Swap");
    wait.mockResolvedValue({ transactionHash: SENT, status: "reverted" });
    render(<RecentTransactions chainId={99199} explorerUrl="http://explorer.test" />);
    await waitFor(() => expect(rows()).toEqual([[SENT, "failed"]]));
  });
});
