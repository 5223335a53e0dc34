// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet, stubApi } from "../../../test/render";
import WalletModal from "./WalletModal";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));

// The step is a lazy chunk (the form library and zod): its first import is slow on a loaded machine.
const LAZY = { timeout: 5000 };

/** The modal on the required DataCapture step, the saved email read from `emailAnswer`. */
async function openRequiredStep(emailAnswer: () => { status?: number; body: unknown }) {
  stubApi({ "/api/profile/email": emailAnswer });
  const h = await renderWithWallet(<WalletModal />, {
    sessionAddress: ACCOUNT,
    settings: { emailCapture: "required" },
  });
  act(() => h.store.openAt({ view: "DataCapture" }));
  return h;
}

const unavailable = () => ({
  status: 503,
  body: { error: { code: "UNAVAILABLE", message: "Service unavailable" } },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DataCapture with EMAIL_CAPTURE=required", () => {
  // Required: × / Escape / outside click are off on this step. When reading the saved email failed
  // (a network blip, a 5xx), the form was replaced by the error text alone: no Try again, no Save,
  // no Skip, and the modal could not be closed. The page behind was unreachable until a reload.
  it("leaves the user a way on when the saved email cannot be read", async () => {
    await openRequiredStep(unavailable);
    expect(await screen.findByText("Service unavailable", undefined, LAZY)).toBeTruthy();

    const dialog = screen.getByRole("dialog");
    const enabled = [...dialog.querySelectorAll("button, a[href], input")].filter(
      (el) => !(el as HTMLButtonElement).disabled,
    );
    expect(
      enabled.map((el) => el.textContent || el.getAttribute("aria-label")),
      "nothing in the dialog can be used: the modal cannot be left",
    ).not.toEqual([]);
  });

  it("offers Try again, which brings the form back, and lets the step be closed meanwhile", async () => {
    let down = true;
    await openRequiredStep(() =>
      down
        ? unavailable()
        : { body: { email: null, verified: false, verificationSent: false, capture: "required" } },
    );
    await screen.findByText("Service unavailable", undefined, LAZY);
    const close = screen.getByRole("button", { name: "Close" }) as HTMLButtonElement;
    await waitFor(() => expect(close.disabled).toBe(false));
    expect(screen.getByRole("button", { name: "Later" })).toBeTruthy();

    down = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("profile-email-input")).toBeTruthy();
    // Readable again: required again.
    await waitFor(() => expect(close.disabled).toBe(true));
    expect(screen.queryByRole("button", { name: "Later" })).toBeNull();
  });

  it("closes on Escape while the saved email cannot be read", async () => {
    const h = await openRequiredStep(unavailable);
    await screen.findByText("Service unavailable", undefined, LAZY);
    await waitFor(() => expect(h.store.getState().history.at(-1)?.data?.emailUnavailable).toBe(true));
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(h.store.getState().isOpen).toBe(false));
  });
});
