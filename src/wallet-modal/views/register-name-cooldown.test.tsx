// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet, stubApi } from "../../../test/render";
import { RegisterAccountNameView } from "./RegisterAccountName";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The suggestions answer for a free name, with the session's next possible rename. */
function freeName(renameAvailableAt: number | null) {
  stubApi({
    "/api/profile/suggestions/bobby": () => ({
      body: {
        name: "bobby.aurum",
        available: true,
        reason: null,
        suggestions: [],
        rename_available_at: renameAvailableAt,
      },
    }),
  });
}

describe("RegisterAccountNameView inside the rename cooldown", () => {
  it("disables Register and says when a rename is possible, before the wallet is asked", async () => {
    const inTwoDays = Math.floor(Date.now() / 1000) + 2 * 86_400;
    freeName(inTwoDays);
    const h = await renderWithWallet(<RegisterAccountNameView />, {
      connected: true,
      sessionAddress: ACCOUNT,
    });
    h.store.openAt({ view: "RegisterAccountName" });
    fireEvent.change(screen.getByTestId("name-input"), { target: { value: "bobby" } });
    expect((await screen.findByTestId("name-cooldown")).textContent).toMatch(
      /You can change your name again on .+\./,
    );
    expect(screen.getByRole("button", { name: "Register" }).hasAttribute("disabled")).toBe(true);
  });

  it("offers Register once the cooldown is over", async () => {
    freeName(null);
    const h = await renderWithWallet(<RegisterAccountNameView />, {
      connected: true,
      sessionAddress: ACCOUNT,
    });
    h.store.openAt({ view: "RegisterAccountName" });
    fireEvent.change(screen.getByTestId("name-input"), { target: { value: "bobby" } });
    await screen.findByText("bobby.aurum is available.");
    expect(screen.queryByTestId("name-cooldown")).toBeNull();
    expect(screen.getByRole("button", { name: "Register" }).hasAttribute("disabled")).toBe(false);
  });
});
