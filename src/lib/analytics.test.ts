// @vitest-environment happy-dom
// test/fresh-dom.ts mocks analytics for unit files; this file tests the real module.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.unmock("@/lib/analytics");

type Sent = { clientId: string; events: { name: string; path?: string; props?: unknown }[] };

let posted: Sent[];
let beacons: Sent[];

beforeEach(() => {
  window.history.replaceState(null, "", "/swap");
  vi.useFakeTimers();
  posted = [];
  beacons = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(String(init.body)) as Sent);
      return new Response(null, { status: 204 });
    }),
  );
  vi.spyOn(navigator, "sendBeacon").mockImplementation((_url, data) => {
    void (data as Blob).text().then((t) => beacons.push(JSON.parse(t) as Sent));
    return true;
  });
  vi.resetModules();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const analytics = () => import("./analytics");

describe("first-party analytics", () => {
  it("sends what was tracked in one batch after 5 s, with the page's path and a stable client id", async () => {
    const { track } = await analytics();
    track("MODAL_OPEN");
    track("SIWX_AUTH_ERROR", { rejected: true });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.events).toEqual([
      { name: "MODAL_OPEN", path: "/swap" },
      { name: "SIWX_AUTH_ERROR", path: "/swap", props: { rejected: true } },
    ]);
    expect(posted[0]?.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    track("MODAL_CLOSE");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(posted[1]?.clientId).toBe(posted[0]?.clientId);
  });

  it("ignores names outside the list", async () => {
    const { track } = await analytics();
    track("NOT_AN_EVENT" as never);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(posted).toEqual([]);
  });

  it("sends at once when 25 events are queued, without waiting for the timer", async () => {
    const { flush, track } = await analytics();
    for (let i = 0; i < 24; i++) track("PAGE_VIEW");
    expect(posted).toEqual([]);
    track("PAGE_VIEW");
    expect(posted).toHaveLength(1);
    expect(posted[0]?.events).toHaveLength(25);
    flush();
    expect(posted).toHaveLength(1); // nothing was left
  });

  it("hands what is left to sendBeacon when the page is hidden", async () => {
    const { track } = await analytics();
    track("WALLET_CONNECTED");
    // An own property over happy-dom's getter, removed again whatever happens: the document outlives
    // this file, and a hidden one stops TanStack Query's refetch intervals in the next files.
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    try {
      document.dispatchEvent(new Event("visibilitychange"));
      await vi.waitFor(() => expect(beacons).toHaveLength(1));
      expect(beacons[0]?.events).toEqual([{ name: "WALLET_CONNECTED", path: "/swap" }]);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(posted).toEqual([]);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });

  it("a failed send is dropped quietly (the page never sees an analytics error)", async () => {
    vi.useRealTimers();
    // A plain function: a vi.fn() would itself handle the rejection it returns (it records results).
    let calls = 0;
    vi.stubGlobal("fetch", () => {
      calls++;
      return Promise.reject(new TypeError("Failed to fetch"));
    });
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      const { flush, track } = await analytics();
      track("PAGE_VIEW");
      expect(() => flush()).not.toThrow();
      expect(calls).toBe(1);
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      process.off("unhandledRejection", record);
    }
    expect(unhandled).toEqual([]);
  });
});
