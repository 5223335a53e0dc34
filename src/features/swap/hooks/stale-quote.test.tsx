// @vitest-environment happy-dom
// The previous pair's quote is kept on screen while the next one loads (keepPreviousData); it must not
// count as the current quote, or Swap would ask the wallet for the old pair's path (another token
// out) or approve a token the swap does not spend.
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlannedStep } from "@/web3";
import { ACCOUNT, renderWithWallet, testEnv } from "../../../../test/render";

const planned: PlannedStep[][] = [];
vi.mock("@/web3", async (orig) => {
  const real = await orig<typeof import("@/web3")>();
  return {
    ...real,
    missingApproval: async (_c: unknown, p: { need: unknown }) => p.need,
    useTxSteps: () => ({
      run: async (plan: PlannedStep[] | (() => Promise<PlannedStep[]>)) => {
        planned.push(typeof plan === "function" ? await plan() : plan);
        return false;
      },
      reset: () => {},
      steps: null,
      error: null,
      setError: () => {},
      pending: false,
      active: null,
    }),
  };
});
vi.mock("@/lib/chain-time", () => ({ chainTime: async () => 1_000n }));

import { useSwapForm } from "./use-swap-form";
import { useSwapSubmit } from "./use-swap-submit";

const env = testEnv();
const byId = (id: string) => env.tokens.find((t) => t.id === id)!;
type H = { f: ReturnType<typeof useSwapForm>; s: ReturnType<typeof useSwapSubmit> };
const h: { current: H | null } = { current: null };

function Harness() {
  const f = useSwapForm(env, ACCOUNT);
  const s = useSwapSubmit(env, ACCOUNT, f);
  h.current = { f, s };
  return null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const QUOTE = (from: string, to: string, wrapped: string) => ({
  quotes: [
    {
      kind: "swap",
      side: "exactIn",
      fromAmount: "1000000000000000000",
      toAmount: "5000000",
      route: [from, to],
      path: [wrapped, to],
      amounts: ["1000000000000000000", "5000000"],
      priceImpact: 0.1,
      fee: "3000000000000000",
      minimumReceived: "4950000",
      maximumSold: "1000000000000000000",
    },
  ],
});

describe("swap: a token change while a quote is shown", () => {
  it("leaves no current quote until the new pair's answer, and submits nothing in between", async () => {
    const native = byId("native");
    const tUSD = byId("tUSD");
    const tETH = byId("tETH");
    const wrapped = byId("WAURUM");
    // tUSD answers at once; tETH's quote waits until released.
    let releaseTeth: () => void = () => {};
    const tethArrived = new Promise<void>((r) => {
      releaseTeth = r;
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), "http://localhost");
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
        if (url.pathname !== "/api/convert/quotes") return json({ fungibles: [] });
        const to = url.searchParams.get("to");
        if (to === tETH.caip) await tethArrived;
        return json(QUOTE(native.caip, to as string, wrapped.caip));
      }),
    );
    await renderWithWallet(<Harness />, { connected: true });
    act(() => h.current!.f.setAmount("1", "exactIn"));
    await waitFor(() => expect(h.current!.f.quote?.route.at(-1)).toBe(tUSD.caip), { timeout: 3000 });

    act(() => h.current!.f.pick("to", tETH));
    expect(h.current!.f.quoteQuery.isPlaceholderData).toBe(true);
    expect(h.current!.f.quote).toBeUndefined();
    await act(async () => {
      await h.current!.s.submit();
    });
    expect(planned).toEqual([]);

    act(() => releaseTeth());
    await waitFor(() => expect(h.current!.f.quote?.route.at(-1)).toBe(tETH.caip), { timeout: 3000 });
    await act(async () => {
      await h.current!.s.submit();
    });
    const swap = planned[0]?.find((s) => s.id === "swap") as unknown as {
      functionName: string;
      args: unknown[];
    };
    expect(swap.functionName).toBe("swapExactETHForTokens");
    expect((swap.args[1] as string[]).at(-1)?.toLowerCase()).toBe(tETH.address.toLowerCase());
  });
});
