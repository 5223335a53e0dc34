import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { balanceOf } from "@/features/points/server";
import { randomAddress } from "../../../test/accounts";
import { verifyTask } from "./server";
import { fakeTaskChain, indexedEvent, indexedSwap, tasksTestDb, who } from "./testing";

// A recurring task's completion window is [period start, period end). Bounded only below, one
// on-chain event whose block time lies in the NEXT period (a block timestamp a few seconds ahead of
// the server clock, which a busy automining Anvil or a real chain produces) was counted in the
// current period AND again in the next one: one action, two credits.

const fake = fakeTaskChain();
const chain = fake.chain;
let handle: DbHandle;
beforeAll(async () => {
  handle = await tasksTestDb(`
- id: daily-swap-review
  title: Swap 10 tUSD today
  description: A swap every day.
  type: swap
  params: { token: tUSD, amount: "10" }
  repeat: daily
  points: 40
- id: daily-stake-review
  title: Stake today
  description: A stake every day.
  type: stake
  params: { amount: "1" }
  repeat: daily
  points: 30
- id: once-swap-window
  title: Swap 10 tUSD once
  description: One swap, any time.
  type: swap
  params: { token: tUSD, amount: "10" }
  repeat: once
  points: 20
`);
});
afterAll(() => handle?.close());

const LAST_SECOND_DAY1 = new Date("2026-06-03T23:59:59.000Z");
const JUST_AFTER_MIDNIGHT = new Date("2026-06-04T00:00:03.000Z");
const NOON_DAY2 = new Date("2026-06-04T12:00:00.000Z");

describe("recurring task completion window ends with its period", () => {
  it("one swap whose block time is in the next UTC day pays the daily swap task once, not twice", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const me = s.user.address.toLowerCase() as Address;
    // One swap, mined with a block timestamp of 00:00:03 on day 2.
    await indexedSwap(handle.db, fake, { by: me, blockTime: JUST_AFTER_MIDNIGHT });
    // Verified while the server clock still reads day 1, then again on day 2.
    const day1 = await verifyTask(handle.db, who(s), "daily-swap-review", { now: LAST_SECOND_DAY1, chain });
    const day2 = await verifyTask(handle.db, who(s), "daily-swap-review", { now: NOON_DAY2, chain });
    const credits = [day1, day2].filter((r) => r.credited).length;
    expect(credits).toBe(1);
    // Paid in the period its block time belongs to.
    expect({ day1: day1.credited, day2: day2.credited }).toEqual({ day1: false, day2: true });
    expect(await balanceOf(handle.db, s.user.id)).toBe(40);
  });

  it("one stake whose block time is in the next UTC day pays the daily stake task once, not twice", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const me = s.user.address.toLowerCase() as Address;
    await indexedEvent(handle.db, {
      blockTime: JUST_AFTER_MIDNIGHT,
      kind: "stake",
      fromAddress: me,
      txFrom: me,
      amount: "1000000000000000000",
    });
    const day1 = await verifyTask(handle.db, who(s), "daily-stake-review", { now: LAST_SECOND_DAY1, chain });
    const day2 = await verifyTask(handle.db, who(s), "daily-stake-review", { now: NOON_DAY2, chain });
    expect([day1, day2].filter((r) => r.credited).length).toBe(1);
    expect(await balanceOf(handle.db, s.user.id)).toBe(30);
  });

  it("a one-time task has no window: a swap with a block time ahead of the clock counts", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const me = s.user.address.toLowerCase() as Address;
    await indexedSwap(handle.db, fake, { by: me, blockTime: JUST_AFTER_MIDNIGHT });
    const got = await verifyTask(handle.db, who(s), "once-swap-window", { now: LAST_SECOND_DAY1, chain });
    expect(got.credited).toBe(true);
    expect(await balanceOf(handle.db, s.user.id)).toBe(20);
  });
});
