import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";

const deliveries = vi.hoisted(() => ({ rounds: 0, busy: 0 }));
const retention = vi.hoisted(() => ({ sweeps: 0, deleted: [] as number[] }));
vi.mock("./delivery", () => ({
  deliverDue: async () => {
    deliveries.rounds++;
    if (deliveries.busy > 0) return deliveries.busy--; // busy: the next round at once
    return 0; // nothing due: the worker pauses
  },
}));
vi.mock("./webhooks", () => ({ syncEnvEndpoints: async () => {} }));
vi.mock("./retention", () => ({
  PRUNE_BATCH: 2,
  PRUNE_EVERY_MS: 3_600_000,
  pruneWebhookLog: async () => {
    retention.sweeps++;
    return retention.deleted.shift() ?? 0;
  },
}));

const { webhookWorker } = await import("./worker");

function start() {
  const stop = new AbortController();
  const running = webhookWorker.run({ db: {} as never, signal: stop.signal, log: pino({ level: "silent" }) });
  return { stop, running };
}

afterEach(() => {
  deliveries.rounds = 0;
  deliveries.busy = 0;
  retention.sweeps = 0;
  retention.deleted = [];
});

describe("webhook worker", () => {
  it("returns at once when stopped during its idle pause", async () => {
    const { stop, running } = start();
    await vi.waitFor(() => expect(deliveries.rounds).toBe(1));
    // Now in the pause (a second long) after an empty round.
    await new Promise((r) => setTimeout(r, 20));
    const stopped = Date.now();
    stop.abort();
    await running;
    expect(Date.now() - stopped).toBeLessThan(500);
    expect(deliveries.rounds).toBe(1);
  });

  it("sweeps the log at start and then hourly; a full batch (a backlog) goes on the next round", async () => {
    retention.deleted = [2, 2, 1]; // two full batches, then the rest
    deliveries.busy = 4; // rounds 1 to 4 busy, then the pause
    const { stop, running } = start();
    await vi.waitFor(() => expect(deliveries.rounds).toBe(5));
    stop.abort();
    await running;
    // Three sweeps for the backlog, none in the round after it: the next is an hour away.
    expect(retention.sweeps).toBe(3);
  });
});
