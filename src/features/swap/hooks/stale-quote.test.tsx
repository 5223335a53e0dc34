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

import { DEFAULT_SLIPPAGE_BPS, minimumReceived } from "../slippage";
import { QUOTE_MAX_AGE_MS, useSwapForm } from "./use-swap-form";
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
  vi.useRealTimers();
});

const QUOTE = (from: string, to: string, wrapped: string, toAmount = "5000000") => ({
  quotes: [
    {
      kind: "swap",
      side: "exactIn",
      fromAmount: "1000000000000000000",
      toAmount,
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

describe("swap: an old quote cached for the same input", () => {
  it("is not current while it is refetched: Swap waits for today's price, not the cached minimum", async () => {
    planned.length = 0;
    const native = byId("native");
    const tUSD = byId("tUSD");
    const wrapped = byId("WAURUM");
    // Only Date is faked: the clock jumps forward, timers (debounce, react-query) run for real.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    let calls = 0;
    let release: () => void = () => {};
    const refetched = new Promise<void>((r) => {
      release = r;
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), "http://localhost");
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
        if (url.pathname !== "/api/convert/quotes") return json({ fungibles: [] });
        if (url.searchParams.get("amount") !== "1000000000000000000")
          return json(QUOTE(native.caip, tUSD.caip, wrapped.caip));
        // 1 AURUM: 5 tUSD the first time; the price has fallen to 4 tUSD when it is asked again.
        calls++;
        if (calls === 1) return json(QUOTE(native.caip, tUSD.caip, wrapped.caip, "5000000"));
        await refetched;
        return json(QUOTE(native.caip, tUSD.caip, wrapped.caip, "4000000"));
      }),
    );
    await renderWithWallet(<Harness />, { connected: true });
    act(() => h.current!.f.setAmount("1", "exactIn"));
    await waitFor(() => expect(h.current!.f.quote?.toAmount).toBe(5_000_000n), { timeout: 3000 });
    act(() => h.current!.f.setAmount("2", "exactIn"));
    await waitFor(() => expect(h.current!.f.quote?.fromAmount).toBe(1_000_000_000_000_000_000n), {
      timeout: 3000,
    });

    // A minute later the user types 1 again: the cached 5 tUSD answer is back while it is refetched.
    vi.setSystemTime(Date.now() + QUOTE_MAX_AGE_MS + 45_000);
    act(() => h.current!.f.setAmount("1", "exactIn"));
    await waitFor(
      () => {
        expect(h.current!.f.quoteQuery.data?.toAmount).toBe(5_000_000n);
        expect(h.current!.f.quoteQuery.isFetching).toBe(true);
      },
      { timeout: 3000 },
    );
    expect(h.current!.f.quote).toBeUndefined();
    await act(async () => {
      await h.current!.s.submit();
    });
    expect(planned).toEqual([]);

    act(() => release());
    await waitFor(() => expect(h.current!.f.quote?.toAmount).toBe(4_000_000n), { timeout: 3000 });
    await act(async () => {
      await h.current!.s.submit();
    });
    const swap = planned[0]?.find((s) => s.id === "swap") as unknown as { args: unknown[] };
    expect(swap.args[0]).toBe(minimumReceived(4_000_000n, DEFAULT_SLIPPAGE_BPS));
  });
});
