import type { PublicClient } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { watchListFromDeployment } from "./contracts";
import { fakeDeployment } from "./fixtures";
import { ChainIndexer, RETRY_WARN_AFTER, retryDelay, type StepResult } from "./indexer";
import { indexerMetrics } from "./metrics";

// Mocks first: the test spies on setTimeout while it is faked, and restoring that spy after
// useRealTimers would put the fake back as the global setTimeout, unknown to vitest.
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("retryDelay", () => {
  it("doubles from 100 ms and stops at 10 s, with jitter in the upper half", () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelay(n, top))).toEqual([
      100, 200, 400, 800, 1600, 3200, 6400, 10_000, 10_000,
    ]);
    expect(retryDelay(20, () => 0)).toBe(5_000);
  });
});

describe("ChainIndexer.run on steps that keep asking to retry", () => {
  it("backs off exponentially, counts and warns, and returns to polling once a step succeeds", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(1);
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const ix = new ChainIndexer({
      db: {} as Db,
      client: {} as PublicClient,
      chainId: 99199,
      watch: watchListFromDeployment(fakeDeployment(), { nativeSymbol: "AURUM", nativeName: "Aurum" }),
      confirmations: 0,
      pollIntervalMs: 1000,
      log,
    });
    const answers: StepResult[] = [
      ...Array.from(
        { length: 8 },
        (): StepResult => ({ status: "retry", reason: "logs_not_served", block: 15 }),
      ),
      { status: "idle", cursor: 20, head: 20 },
    ];
    let calls = 0;
    vi.spyOn(ix, "step").mockImplementation(async () => answers[Math.min(calls++, answers.length - 1)]!);
    const counted = async () =>
      (await indexerMetrics.retries().get()).values.find((v) => v.labels.reason === "logs_not_served")
        ?.value ?? 0;
    const before = await counted();
    const sleeps = vi.spyOn(globalThis, "setTimeout");

    const ac = new AbortController();
    const running = ix.run(ac.signal);
    await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 800 + 1600 + 3200 + 6400 + 10_000 + 1);
    ac.abort();
    await running;

    expect(sleeps.mock.calls.slice(0, 9).map((c) => c[1])).toEqual([
      100, 200, 400, 800, 1600, 3200, 6400, 10_000, 1000,
    ]);
    expect(await counted()).toBe(before + 8);
    const warned = log.warn.mock.calls.filter(([, m]) => /keep disagreeing/.test(String(m)));
    expect(warned).toEqual([
      [
        { attempt: RETRY_WARN_AFTER, reason: "logs_not_served", block: 15, retryInMs: 1600 },
        "indexer: RPC answers keep disagreeing, retrying",
      ],
    ]);
    expect(log.info).toHaveBeenCalledWith({ after: 8 }, "indexer: RPC answers agree again");
  });
});
