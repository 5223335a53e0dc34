import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { testDb } from "../../../../test/db";
import { fixtureAddress, seedParticipants } from "./fixtures";
import { pagedPairs, snapshotPairs, wholePairs } from "./participants";

/**
 * The snapshot read in pages (PGlite's, participants.ts `pagedPairs`) gives the very text of the one
 * grouped scan, on PGlite and PostgreSQL: address order across page boundaries, nobody at zero or
 * below, nothing credited after the snapshot time.
 */
let h: DbHandle;
const hour = 3_600_000;
const at = new Date(Date.now() - hour);

beforeAll(async () => {
  h = await testDb();
  // 53 participants: every fifth at 0 points, every seventh (else) below zero.
  await seedParticipants(h.db, {
    count: 53,
    at: new Date(Date.now() - 2 * hour),
    points: (i) => (i % 5 === 0 ? 0 : i % 7 === 0 ? -3 : i),
  });
  // Credited after the snapshot: ten of them again, and ten users who had nothing before it.
  await seedParticipants(h.db, {
    count: 20,
    at: new Date(),
    prefix: "late",
    addresses: Array.from({ length: 20 }, (_, k) => fixtureAddress(k < 10 ? k + 1 : 100 + k)),
  });
});
afterAll(async () => {
  await h?.close();
});

describe("the paged snapshot read", () => {
  it("answers the text of the one grouped scan, whatever the page size", async () => {
    const whole = await wholePairs(h.db, at);
    const pairs = whole?.split(",") ?? [];
    expect(pairs).toHaveLength(53 - 10 - 6);
    expect(pairs).toEqual([...pairs].sort());
    expect(pairs[0]).toBe(`${fixtureAddress(1)}:1`);
    for (const size of [1, 2, 7, 36, 53, 73, 74, 1000]) expect(await pagedPairs(h.db, at, size)).toBe(whole);
    expect(await snapshotPairs(h.db, at)).toBe(whole);
  });

  it("answers null when nobody had points at the snapshot time", async () => {
    const before = new Date(Date.now() - 3 * hour);
    expect(await wholePairs(h.db, before)).toBeNull();
    expect(await pagedPairs(h.db, before, 7)).toBeNull();
  });
});
