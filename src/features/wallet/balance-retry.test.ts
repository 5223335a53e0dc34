// @vitest-environment happy-dom
// The seed: a failed balance read shows "Token Balance Unavailable" and blocks the next request for
// 30 s ("Token balance retry backoff 30 s"): no quick retries, and a view that mounts meanwhile (the
// modal's Tokens tab) does not ask again. (happy-dom: TanStack Query sets no refetch interval where
// there is no window.)
import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/wallet-modal/config";
import { BALANCE_RETRY_BACKOFF_MS, balancesQueryOptions } from "./queries";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("balances after a failed read", () => {
  it("asks once, not again within 30 s (not on a new view's mount), then again after 30 s", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: "SERVER_ERROR", message: "Something went wrong" } }), {
          status: 500,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const client = createQueryClient();
    const page = new QueryObserver(client, balancesQueryOptions(ADDRESS));
    const stopPage = page.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(8_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(page.getCurrentResult().isError).toBe(true);

    // The account modal opens its Tokens tab 10 s after the failure.
    await vi.advanceTimersByTimeAsync(2_000);
    const tab = new QueryObserver(client, balancesQueryOptions(ADDRESS));
    const stopTab = tab.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(BALANCE_RETRY_BACKOFF_MS - 11_000 + 500);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stopTab();
    stopPage();
  });
});
