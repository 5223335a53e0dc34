import { describe, expect, it } from "vitest";
import { REFRESH_GRACE_MS, refreshAt, STALE_RETRY_FOR_MS, STALE_RETRY_MS } from "./refresh";
import type { TaskView } from "./schema";

type Open = Pick<TaskView, "status" | "nextAt" | "resetsAt" | "startsAt" | "endsAt">;
const task = (t: Partial<Open>): Open => ({
  status: "todo",
  nextAt: null,
  resetsAt: null,
  startsAt: null,
  endsAt: null,
  ...t,
});
const at = (iso: string) => Date.parse(iso);
const READ = at("2026-06-01T23:50:00Z");

describe("refreshAt", () => {
  it("is null for a list without instants ahead (one-time tasks, no dates)", () => {
    expect(refreshAt([task({}), task({ status: "done" })], READ)).toBeNull();
    expect(refreshAt([], READ)).toBeNull();
  });

  it("is the earliest instant ahead of the read, plus the grace: a done task's nextAt, a start, an end, a reset", () => {
    const midnight = "2026-06-02T00:00:00.000Z";
    expect(refreshAt([task({ status: "done", nextAt: midnight, resetsAt: midnight })], READ)).toBe(
      at(midnight) + REFRESH_GRACE_MS,
    );
    expect(
      refreshAt(
        [
          task({ status: "upcoming", startsAt: "2026-06-10T00:00:00Z" }),
          task({ endsAt: "2026-06-01T23:55:00Z" }),
          task({ status: "done", nextAt: midnight }),
        ],
        READ,
      ),
    ).toBe(at("2026-06-01T23:55:00Z") + REFRESH_GRACE_MS);
    // Far ahead is still an instant (the hook waits for it in steps).
    expect(refreshAt([task({ status: "upcoming", startsAt: "2026-08-01T00:00:00Z" })], READ)).toBe(
      at("2026-08-01T00:00:00Z") + REFRESH_GRACE_MS,
    );
  });

  it("ignores instants already behind the read that the answer reflects", () => {
    // Opened and ended before the read: the answer says so.
    expect(refreshAt([task({ startsAt: "2026-05-01T00:00:00Z" })], READ)).toBeNull();
    expect(refreshAt([task({ status: "ended", endsAt: "2026-06-01T23:49:00Z" })], READ)).toBeNull();
  });

  it("reads again soon when the answer still shows the state before an instant it came after, for a minute", () => {
    // The server's clock was behind: at 00:00:02 it still said "done until 00:00".
    const midnight = "2026-06-02T00:00:00.000Z";
    const done = task({ status: "done", nextAt: midnight });
    const read = at(midnight) + 2_000;
    expect(refreshAt([done], read)).toBe(read + STALE_RETRY_MS);
    expect(refreshAt([task({ status: "upcoming", startsAt: midnight })], read)).toBe(read + STALE_RETRY_MS);
    expect(refreshAt([task({ status: "todo", endsAt: "2026-06-01T23:59:59Z" })], read)).toBe(
      read + STALE_RETRY_MS,
    );
    // Not for ever: a clock a minute behind is left to the next focus.
    expect(refreshAt([done], at(midnight) + STALE_RETRY_FOR_MS)).toBeNull();
  });
});
