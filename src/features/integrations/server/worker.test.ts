import pino from "pino";
import { describe, expect, it, vi } from "vitest";

const deliveries = vi.hoisted(() => ({ rounds: 0 }));
vi.mock("./delivery", () => ({
  deliverDue: async () => {
    deliveries.rounds++;
    return 0; // nothing due: the worker pauses
  },
}));
vi.mock("./webhooks", () => ({ syncEnvEndpoints: async () => {} }));

const { webhookWorker } = await import("./worker");

describe("webhook worker", () => {
  it("returns at once when stopped during its idle pause", async () => {
    const stop = new AbortController();
    const running = webhookWorker.run({
      db: {} as never,
      signal: stop.signal,
      log: pino({ level: "silent" }),
    });
    await vi.waitFor(() => expect(deliveries.rounds).toBe(1));
    // Now in the pause (a second long) after an empty round.
    await new Promise((r) => setTimeout(r, 20));
    const stopped = Date.now();
    stop.abort();
    await running;
    expect(Date.now() - stopped).toBeLessThan(500);
    expect(deliveries.rounds).toBe(1);
  });
});
