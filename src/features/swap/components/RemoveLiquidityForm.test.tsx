// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { parseEther } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet, testEnv } from "../../../../test/render";
import type { PoolWithPosition } from "../queries";
import { RemoveLiquidityForm } from "./RemoveLiquidityForm";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const env = testEnv();
const wrapped = env.tokens.find((t) => t.id === "WAURUM")!;
const tusd = env.tokens.find((t) => t.id === "tUSD")!;
const pool: PoolWithPosition = {
  key: "WAURUM/tUSD",
  address: "0x00000000000000000000000000000000000000aa",
  token0: wrapped.address,
  token1: tusd.address,
  reserve0: parseEther("100"),
  reserve1: 500_000_000n,
  totalSupply: parseEther("10"),
  lpBalance: parseEther("1"),
};

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
