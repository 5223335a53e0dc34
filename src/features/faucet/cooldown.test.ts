import { describe, expect, it } from "vitest";
import { formatCooldown, formatCountdown, ipRetryAfter, nextAllowedAt, secondsUntil } from "./cooldown";

const t0 = new Date("2026-01-01T00:00:00.000Z");
const at = (s: number) => new Date(t0.getTime() + s * 1000);

describe("cooldown maths", () => {
  it("rounds the wait up and never says 0 while it lasts", () => {
    expect(secondsUntil(at(10), t0)).toBe(10);
    expect(secondsUntil(at(0.2), t0)).toBe(1);
    expect(secondsUntil(at(9.001), t0)).toBe(10);
    expect(secondsUntil(at(0), t0)).toBe(0);
    expect(secondsUntil(at(-5), t0)).toBe(0);
  });

  it("opens the next window a full cooldown after the claim", () => {
    expect(nextAllowedAt(t0, 86_400).toISOString()).toBe("2026-01-02T00:00:00.000Z");
  });

  it("lets an IP claim until the limit, then waits for the oldest claim in the window to leave it", () => {
    const day = 86_400;
    expect(ipRetryAfter([], 3, day, t0)).toBe(0);
    expect(ipRetryAfter([at(-100), at(-50)], 3, day, t0)).toBe(0);
    // Three claims 100 s, 50 s and 10 s ago: the slot reopens when the first is a day old.
    expect(ipRetryAfter([at(-50), at(-100), at(-10)], 3, day, t0)).toBe(day - 100);
    // Over the limit (e.g. a lowered limit): the (n - limit + 1)-th oldest decides.
    expect(ipRetryAfter([at(-100), at(-50), at(-10), at(-5)], 3, day, t0)).toBe(day - 50);
  });

  it("formats the countdown", () => {
    expect(formatCountdown(0)).toBe("0 s");
    expect(formatCountdown(59)).toBe("59 s");
    expect(formatCountdown(61)).toBe("1 m 01 s");
    expect(formatCountdown(86_399)).toBe("23 h 59 m 59 s");
  });

  it("words the cooldown", () => {
    expect(formatCooldown(86_400)).toBe("24 hours");
    expect(formatCooldown(3_600)).toBe("1 hour");
    expect(formatCooldown(5_400)).toBe("90 minutes");
    expect(formatCooldown(45)).toBe("45 seconds");
  });
});
