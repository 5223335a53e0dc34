import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "../cooldown";
import { badgeLook } from "./FaucetStateBadge";

describe("faucet badge", () => {
  const ok = { state: "ok" as const, paused: false };
  it("says Available only when this visitor can claim now", () => {
    expect(badgeLook(ok, 0)).toMatchObject({ text: "Available", state: "available" });
  });
  it("shows the cooldown with the time left instead of Available (issue 18)", () => {
    expect(badgeLook(ok, 86_399)).toMatchObject({ text: "Cooldown · 23 h 59 m left", state: "cooldown" });
    expect(badgeLook(ok, 61)).toMatchObject({ text: "Cooldown · 1 m 01 s left" });
    expect(badgeLook({ state: "refilling", paused: false }, 30)).toMatchObject({ state: "cooldown" });
  });
  it("puts the operator's pause and an unreachable network first", () => {
    expect(badgeLook({ state: "ok", paused: true }, 500)).toMatchObject({ text: "Paused" });
    expect(badgeLook({ state: "unavailable", paused: false }, 500)).toMatchObject({ text: "Unavailable" });
    expect(badgeLook({ state: "refilling", paused: false }, 0)).toMatchObject({ text: "Refilling" });
  });
  it("formats the time left briefly", () => {
    expect(formatTimeLeft(0)).toBe("0 s");
    expect(formatTimeLeft(42.2)).toBe("43 s");
    expect(formatTimeLeft(3600)).toBe("1 h 00 m");
    expect(formatTimeLeft(-5)).toBe("0 s");
  });
});
