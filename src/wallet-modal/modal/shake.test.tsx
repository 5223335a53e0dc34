// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet, stubApi } from "../../../test/render";
import WalletModal, { SHAKE_MS } from "./WalletModal";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));

const animate = vi.fn();
const original = HTMLElement.prototype.animate;

beforeEach(() => {
  animate.mockReset();
  HTMLElement.prototype.animate = animate as never;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  HTMLElement.prototype.animate = original;
});

/** window.matchMedia answering `reduce` for prefers-reduced-motion when asked to. */
function motion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query.includes("prefers-reduced-motion: reduce"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

async function shakeOnce() {
  // Nothing leaves the process (the RPC health probe gets a 404).
  stubApi({});
  const h = await renderWithWallet(<WalletModal />);
  act(() => h.store.openAt({ view: "Connect" }));
  await screen.findByRole("dialog");
  act(() => h.store.shake());
}

describe("the modal's shake", () => {
  it("shakes for the seed's 500 ms", async () => {
    motion(false);
    await shakeOnce();
    expect(animate).toHaveBeenCalledTimes(1);
    expect(animate.mock.calls[0]?.[1]).toMatchObject({ duration: SHAKE_MS });
  });

  // WCAG 2.3.3: motion that is not essential can be turned off. The view's error note carries the
  // message; the shake only adds movement.
  it("does not move for someone who prefers reduced motion", async () => {
    motion(true);
    await shakeOnce();
    expect(animate).not.toHaveBeenCalled();
  });
});
