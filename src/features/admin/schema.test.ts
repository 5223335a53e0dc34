import { describe, expect, it } from "vitest";
import { eventsBodySchema, MAX_BATCH } from "./events-schema";
import { isCurrentSection } from "./nav";
import { pointsAdjustSchema, rangeQuery, taskBodySchema, ticketPatchSchema } from "./schema";
import { settingsPatchSchema } from "./settings-schema";

describe("rangeQuery", () => {
  it("defaults to the last 30 days and includes a bare `to` day", () => {
    const r = rangeQuery.parse({ from: "2026-01-01", to: "2026-01-31" });
    expect(r.from.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(r.to.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    const d = rangeQuery.parse({});
    expect(d.to.getTime() - d.from.getTime()).toBe(30 * 86_400_000);
  });
  it("refuses reversed, over-long and malformed ranges", () => {
    expect(rangeQuery.safeParse({ from: "2026-02-01", to: "2026-01-01" }).success).toBe(false);
    expect(rangeQuery.safeParse({ from: "2024-01-01", to: "2026-01-01" }).success).toBe(false);
    expect(rangeQuery.safeParse({ from: "yesterday" }).success).toBe(false);
  });
});

describe("pointsAdjustSchema", () => {
  it("takes negative and positive whole points with a reason", () => {
    expect(pointsAdjustSchema.parse({ points: -5, reason: " fraud " })).toEqual({
      points: -5,
      reason: "fraud",
    });
  });
  it("refuses 0, fractions, huge values and a missing reason", () => {
    for (const body of [
      { points: 0, reason: "abc" },
      { points: 1.5, reason: "abc" },
      { points: 2_000_000, reason: "abc" },
      { points: 5, reason: " " },
      { points: 5 },
    ])
      expect(pointsAdjustSchema.safeParse(body).success).toBe(false);
  });
});

describe("settingsPatchSchema", () => {
  it("validates each known key and allows null to reset", () => {
    expect(
      settingsPatchSchema.safeParse({ "faucet.cooldownSeconds": 3600, "faucet.paused": true }).success,
    ).toBe(true);
    expect(settingsPatchSchema.safeParse({ "faucet.drip.native": null }).success).toBe(true);
    expect(
      settingsPatchSchema.safeParse({
        "points.tiers": [
          { name: "A", min: 0 },
          { name: "B", min: 10 },
        ],
      }).success,
    ).toBe(true);
  });
  it("refuses unknown keys, bad values, decreasing tiers and an empty patch", () => {
    expect(settingsPatchSchema.safeParse({ "faucet.secret": 1 }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ "faucet.drip.native": "-1" }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ "referral.sharePercent": 101 }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ "points.tiers": [{ name: "A", min: 5 }] }).success).toBe(false);
    expect(
      settingsPatchSchema.safeParse({
        "points.tiers": [
          { name: "A", min: 0 },
          { name: "B", min: 0 },
        ],
      }).success,
    ).toBe(false);
    expect(settingsPatchSchema.safeParse({}).success).toBe(false);
  });
});

describe("eventsBodySchema", () => {
  const ok = { clientId: "abcdefgh12", events: [{ name: "MODAL_CLOSE", props: { connected: true } }] };
  it("accepts the seed's events", () => {
    expect(eventsBodySchema.safeParse(ok).success).toBe(true);
  });
  it("is bounded: batch size, names, props and client id", () => {
    const many = { ...ok, events: Array.from({ length: MAX_BATCH + 1 }, () => ({ name: "PAGE_VIEW" })) };
    expect(eventsBodySchema.safeParse(many).success).toBe(false);
    expect(eventsBodySchema.safeParse({ ...ok, events: [] }).success).toBe(false);
    expect(eventsBodySchema.safeParse({ ...ok, events: [{ name: "EVIL" }] }).success).toBe(false);
    expect(eventsBodySchema.safeParse({ ...ok, clientId: "x" }).success).toBe(false);
    const bigProps = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 1]));
    expect(
      eventsBodySchema.safeParse({ ...ok, events: [{ name: "PAGE_VIEW", props: bigProps }] }).success,
    ).toBe(false);
    expect(
      eventsBodySchema.safeParse({ ...ok, events: [{ name: "PAGE_VIEW", props: { a: { nested: 1 } } }] })
        .success,
    ).toBe(false);
    expect(eventsBodySchema.safeParse({ ...ok, ip: "1.2.3.4" }).success).toBe(false);
  });
});

describe("other payloads", () => {
  it("task bodies need a known type and a well-formed id", () => {
    const base = { id: "a-task", title: "T", description: "D", type: "quiz", points: 5, repeat: "once" };
    expect(taskBodySchema.safeParse(base).success).toBe(true);
    expect(taskBodySchema.safeParse({ ...base, type: "mine_bitcoin" }).success).toBe(false);
    expect(taskBodySchema.safeParse({ ...base, id: "Bad Id" }).success).toBe(false);
    expect(taskBodySchema.safeParse({ ...base, repeat: "hourly" }).success).toBe(false);
    expect(
      taskBodySchema.safeParse({ ...base, repeat: "weekly", hint: "Swap tUSD → AURUM first" }).success,
    ).toBe(true);
    expect(taskBodySchema.safeParse({ ...base, hint: "x".repeat(301) }).success).toBe(false);
  });
  it("ticket patches need a status or an assignee", () => {
    expect(ticketPatchSchema.safeParse({}).success).toBe(false);
    expect(ticketPatchSchema.safeParse({ status: "closed" }).success).toBe(true);
    expect(ticketPatchSchema.safeParse({ assignee: "someone-else" }).success).toBe(false);
  });
  it("marks the current console section", () => {
    expect(isCurrentSection("/admin", "/admin")).toBe(true);
    expect(isCurrentSection("/admin/tasks", "/admin")).toBe(false);
    expect(isCurrentSection("/admin/participants/0xabc", "/admin/participants")).toBe(true);
  });
});

describe("patch schemas keep what a patch leaves out", () => {
  it("adds no defaults (a default would reset params, sortOrder, tags or published)", async () => {
    const { faqPatchSchema, newsPatchSchema, taskPatchSchema } = await import("./schema");
    expect(taskPatchSchema.parse({ points: 12 })).toEqual({ points: 12 });
    expect(newsPatchSchema.parse({ title: "New title" })).toEqual({ title: "New title" });
    expect(faqPatchSchema.parse({ move: "up" })).toEqual({ move: "up" });
  });
});
