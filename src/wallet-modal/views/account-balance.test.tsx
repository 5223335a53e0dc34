// @vitest-environment happy-dom
// The Account view's balance follows the seed's "Balance shown with 3 decimals" (docs/wallet-modal.md),
// cut rather than rounded up.
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet } from "../../../test/render";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));
vi.mock("wagmi", async (orig) => ({
  ...(await orig<typeof import("wagmi")>()),
  useBalance: () => ({
    data: { value: 1_234_567_000_000_000_000n, decimals: 18, symbol: "AURUM" },
    isError: false,
  }),
}));

import { AccountView } from "./Account";

afterEach(() => cleanup());

describe("AccountView balance", () => {
  it("shows 1.234567 AURUM as 1.234 AURUM (3 decimals, cut)", async () => {
    await renderWithWallet(<AccountView />, { sessionAddress: ACCOUNT });
    expect(screen.getByTestId("account-balance").textContent).toBe("1.234 AURUM");
  });
});
