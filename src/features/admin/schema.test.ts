import { describe, expect, it, vi } from "vitest";
import { eventsBodySchema, MAX_BATCH } from "./events-schema";
import { isCurrentSection } from "./nav";
import {
  auditQuery,
  instantIdCursor,
  participantsQuery,
  pointsAdjustSchema,
  rangeQuery,
  taskBodySchema,
  ticketPatchSchema,
} from "./schema";
import { settingsPatchSchema } from "./settings-schema";

describe("rangeQuery", () => {
  it("defaults to the last 30 days and includes a bare `to` day", () => {
    const r = rangeQuery.parse({ from: "2026-01-01", to: "2026-01-31" });
    expect(r.from.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(r.to.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    const d = rangeQuery.parse({});
    expect(d.to.getTime() - d.from.getTime()).toBe(30 * 86_400_000);
  });
  it("ends a default range at the next UTC midnight, so all of today is in it", () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date("2026-03-10T23:59:59.999Z"));
      expect(rangeQuery.parse({}).to.toISOString()).toBe("2026-03-11T00:00:00.000Z");
      vi.setSystemTime(new Date("2026-03-31T00:00:00.000Z"));
      expect(rangeQuery.parse({ from: "2026-03-01" }).to.toISOString()).toBe("2026-04-01T00:00:00.000Z");
    } finally {
      vi.useRealTimers();
    }
  });
  it("refuses reversed, over-long and malformed ranges", () => {
    expect(rangeQuery.safeParse({ from: "2026-02-01", to: "2026-01-01" }).success).toBe(false);
    expect(rangeQuery.safeParse({ from: "2024-01-01", to: "2026-01-01" }).success).toBe(false);
    expect(rangeQuery.safeParse({ from: "yesterday" }).success).toBe(false);
  });
  it("keeps both ends within years 1970..9998, a bare `to` of 9998-12-31 included", () => {
    expect(rangeQuery.parse({ from: "9998-12-01", to: "9998-12-31" }).to.toISOString()).toBe(
      "9999-01-01T00:00:00.000Z",
    );
    for (const q of [
      { from: "9998-12-31", to: "9999-12-31" },
      { from: "0000-01-01", to: "0000-06-01" },
      { from: "1969-12-01", to: "1969-12-31" },
    ])
      expect(rangeQuery.safeParse(q).success).toBe(false);
  });
});

describe("admin cursors", () => {
  const message = "not a cursor from a previous page; start again without it";
  it("decode an id cursor to a number a query can take, and refuse others", () => {
    expect(auditQuery.parse({ cursor: "42" })).toEqual({ cursor: 42 });
    expect(auditQuery.parse({ cursor: "9007199254740991" }).cursor).toBe(Number.MAX_SAFE_INTEGER);
    expect(auditQuery.parse({})).toEqual({});
    for (const cursor of ["99999999999999999999", "9007199254740993", "-1", "1e3", " 1", ""]) {
      expect(auditQuery.safeParse({ cursor }).error?.issues[0]?.message).toBe(message);
      expect(participantsQuery.safeParse({ cursor }).success).toBe(false);
    }
  });
  it("page participants by a keyset cursor (created_at, id), not an offset", () => {
    const id = "0d8f3b8e-5a0c-4c7e-9d51-3f1f2a6b7c8d";
    expect(participantsQuery.parse({ cursor: `2026-01-31T10:00:00.123Z|${id}` }).cursor).toEqual({
      at: new Date("2026-01-31T10:00:00.123Z"),
      instant: "2026-01-31T10:00:00.123Z",
      id,
    });
    expect(participantsQuery.safeParse({ cursor: "50" }).error?.issues[0]?.message).toBe(message);
  });
  it("decode a keyset cursor to a real instant and a uuid, and refuse others", () => {
    const id = "0d8f3b8e-5a0c-4c7e-9d51-3f1f2a6b7c8d";
    expect(instantIdCursor.parse(`2026-01-31T10:00:00.123Z|${id}`)).toEqual({
      at: new Date("2026-01-31T10:00:00.123Z"),
      instant: "2026-01-31T10:00:00.123Z",
      id,
    });
    // The text is kept as given: a microsecond cursor (the support inbox's) keeps its precision.
    expect(instantIdCursor.parse(`2026-01-31T10:00:00.123456Z|${id}`)?.instant).toBe(
      "2026-01-31T10:00:00.123456Z",
    );
    for (const cursor of [
      `2024-13-45T99:99Z|${id}`,
      `2024-02-30T00:00:00.000Z|${id}`,
      `0000-01-01T00:00:00.000Z|${id}`,
      `2026-01-01T00:00:00.000Z|${"-".repeat(36)}`,
      `2026-01-01T00:00:00.000Z|${id}x`,
      "nope",
    ])
      expect(instantIdCursor.safeParse(cursor).error?.issues[0]?.message).toBe(message);
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
  it("refuses a drip finer than its token's decimals, and keeps 0 (the asset off)", () => {
    expect(settingsPatchSchema.safeParse({ "faucet.drip.tUSD": "0.000001" }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ "faucet.drip.tUSD": "0.0000010" }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ "faucet.drip.tUSD": "1.0000001" }).error?.issues[0]?.message).toBe(
      "at most 6 decimal places (tUSD has 6)",
    );
    expect(settingsPatchSchema.safeParse({ "faucet.drip.tUSD": "0" }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ "faucet.drip.tETH": "0.000000000000000001" }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ "faucet.drip.native": "1.5" }).success).toBe(true);
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
  it("task bodies refuse daily and weekly for types whose completion cannot be counted per period", async () => {
    const { taskPatchSchema } = await import("./schema");
    const base = { id: "a-task", title: "T", description: "D", points: 5 };
    const read = { ...base, type: "read_article", params: { slug: "news" } };
    const weekly = taskBodySchema.safeParse({ ...read, repeat: "weekly" });
    expect(weekly.success).toBe(false);
    expect(weekly.error?.issues[0]).toMatchObject({
      path: ["repeat"],
      message: expect.stringMatching(/^read_article tasks cannot repeat weekly: /),
    });
    expect(taskBodySchema.safeParse({ ...read, repeat: "once" }).success).toBe(true);
    expect(
      taskBodySchema.safeParse({ ...base, type: "invite_friends", params: { count: 3 }, repeat: "daily" })
        .success,
    ).toBe(false);
    expect(taskPatchSchema.safeParse({ type: "airdrop_claim", repeat: "daily" }).success).toBe(false);
    expect(taskPatchSchema.safeParse({ type: "swap", repeat: "daily" }).success).toBe(true);
    // One of the two alone is checked against the stored task by the service (updateTask).
    expect(taskPatchSchema.safeParse({ repeat: "weekly" }).success).toBe(true);
  });
  it("task and article dates follow the shared rule (years 1970..9998), in patches too", async () => {
    const { newsPatchSchema, taskPatchSchema } = await import("./schema");
    const base = { id: "a-task", title: "T", description: "D", type: "quiz", points: 5, repeat: "once" };
    expect(
      taskBodySchema.safeParse({ ...base, startsAt: "2026-01-01T00:00:00Z", endsAt: null }).success,
    ).toBe(true);
    expect(taskBodySchema.safeParse({ ...base, startsAt: "0000-01-01T00:00:00Z" }).success).toBe(false);
    expect(taskPatchSchema.safeParse({ endsAt: "9999-12-31T23:59:59Z" }).success).toBe(false);
    expect(newsPatchSchema.safeParse({ publishedAt: "0000-01-01T00:00:00Z" }).success).toBe(false);
    expect(newsPatchSchema.safeParse({ publishedAt: "2026-01-01T00:00:60Z" }).success).toBe(false);
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
