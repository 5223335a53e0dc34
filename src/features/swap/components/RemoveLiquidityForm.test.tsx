// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet, testEnv } from "../../../../test/render";
import { wrappedTusdPool } from "../testing";
import { RemoveLiquidityForm } from "./RemoveLiquidityForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const env = testEnv();
const pool = wrappedTusdPool(env);

describe("RemoveLiquidityForm", () => {
  it("links the percentage error to its input with aria-describedby", async () => {
    await renderWithWallet(<RemoveLiquidityForm env={env} pool={pool} account={ACCOUNT} />, {
      connected: true,
    });
    const input = screen.getByTestId("remove-percent");
    fireEvent.change(input, { target: { value: "0" } });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy as string)?.textContent).toBe(
      "Enter a whole percentage from 1 to 100",
    );
  });
});
