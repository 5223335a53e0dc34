// Over 300 lines: the campaign end to end (tasks, on-chain verification, points, referral bonus) on
// one chain and database; the steps build on each other.
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { faucetClaims, users } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { balanceOf, creditPoints, ledgerSum, rowsOf } from "@/features/points/server";
import { creditReferralBonuses } from "@/features/referrals/server";
import { resetConfigForTests } from "@/server/config";
import { randomAddress } from "../../../test/accounts";
import { testDb } from "../../../test/db";
import { awayFromWindowEdge } from "../../../test/rate-window";
import { listTasks, seedTasks, upsertTasks, verifyTask } from "./server";
import { parseTasksYaml } from "./server/seed";
import { fakeTaskChain, indexedEvent, tusdSwap, who } from "./testing";

// Exactly-once credits, daily keys, quizzes, referral bonuses and the on-chain verifiers against
// chain_events rows written the way the indexer writes them (see indexer/server/decode.ts).

const a = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;
// The indexer's fixed fake deployment: contract n at address n, pairs at 0x11..0x13.
const fake = fakeTaskChain();
const { watch, chain } = fake;

let handle: DbHandle;
const SITE = "http://localhost:3000";
type Handler = (req: Request, ctx: unknown) => Promise<Response>;

beforeAll(async () => {
  // This site is SITE whatever PORT/PUBLIC_URL the environment holds (origin checks, referral links).
  process.env.PUBLIC_URL = SITE;
  resetConfigForTests();
  handle = await testDb();
  await seedTasks(handle.db);
});
afterAll(() => handle?.close());

const indexed = (row: Parameters<typeof indexedEvent>[1]) => indexedEvent(handle.db, row);
const count = async (q: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: string | number }>(await handle.db.execute(q))[0]?.n ?? 0);

describe("tasks.yaml", () => {
  it("seeds idempotently: a second run updates rows instead of duplicating them", async () => {
    const before = await count(sql`SELECT count(*) AS n FROM tasks`);
    await seedTasks(handle.db);
    expect(await count(sql`SELECT count(*) AS n FROM tasks`)).toBe(before);
    expect(before).toBeGreaterThanOrEqual(10);
  });
  it("refuses a bad file with the task and field named", () => {
    expect(() =>
      parseTasksYaml(
        "- id: x\n  title: T\n  description: D\n  type: swap\n  points: 5\n  params: {token: tUSD}\n",
      ),
    ).toThrow(/0\.params\.amount/);
    expect(() =>
      parseTasksYaml("- id: x\n  title: T\n  description: D\n  type: teleport\n  points: 5\n"),
    ).toThrow(/0\.type/);
  });
});

describe("exactly-once credits", () => {
  // A check-in, not the quiz: a quiz grades 3 answers a day, so a burst of them is mostly refused
  // before the credit (quiz-tries.int.test.ts).
  it("50 parallel verifies of one task credit one ledger entry", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const now = new Date(); // one UTC day for all 50, even at midnight
    const results = await Promise.all(
      Array.from({ length: 50 }, () => verifyTask(handle.db, who(s), "daily-check-in", { now, chain })),
    );
    expect(results.every((r) => r.verified)).toBe(true);
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(await count(sql`SELECT count(*) AS n FROM points_ledger WHERE user_id = ${s.user.id}`)).toBe(1);
    expect(await balanceOf(handle.db, s.user.id)).toBe(10);
    expect(await ledgerSum(handle.db, s.user.id)).toBe(10);
  });

  it("a daily task counts once per UTC day", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const morning = new Date("2026-06-01T00:00:01Z");
    const night = new Date("2026-06-01T23:59:59Z");
    const first = await verifyTask(handle.db, who(s), "daily-check-in", { now: morning, chain });
    const again = await verifyTask(handle.db, who(s), "daily-check-in", { now: night, chain });
    expect(first.credited).toBe(true);
    expect(again).toMatchObject({ verified: true, credited: false });
    expect(again.message).toMatch(/Already done today/);
    expect(await balanceOf(handle.db, s.user.id)).toBe(10);
    const next = await verifyTask(handle.db, who(s), "daily-check-in", {
      now: new Date("2026-06-02T00:00:00Z"),
      chain,
    });
    expect(next.credited).toBe(true);
    expect(await balanceOf(handle.db, s.user.id)).toBe(20);
  });

  it("a wrong quiz answer earns nothing", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const wrong = await verifyTask(handle.db, who(s), "testnet-quiz", {
      answers: { "chain-id": 1, value: 0, "daily-reset": 1 },
      chain,
    });
    expect(wrong).toMatchObject({ verified: false, credited: false, points: 0 });
    expect(wrong.message).toBe("Not every answer is right. Read the questions again and retry.");
    expect(await balanceOf(handle.db, s.user.id)).toBe(0);
    const listed = (await listTasks(handle.db, who(s), { chain })).find((t) => t.id === "testnet-quiz");
    expect(JSON.stringify(listed?.params)).not.toContain("answer");
  });

  it("a negative adjustment cannot take a total below zero", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    await creditPoints(handle.db, {
      userId: s.user.id,
      points: 5,
      reason: "x",
      source: "adjustment",
      sourceKey: `adj:${s.user.id}:1`,
    });
    await expect(
      creditPoints(handle.db, {
        userId: s.user.id,
        points: -6,
        reason: "x",
        source: "adjustment",
        sourceKey: `adj:${s.user.id}:2`,
      }),
    ).rejects.toThrow();
    expect(await balanceOf(handle.db, s.user.id)).toBe(5);
    expect(await ledgerSum(handle.db, s.user.id)).toBe(5);
  });
});

describe("referrals", () => {
  it("refuses self-referral and re-binding", async () => {
    const owner = await createTestSession(randomAddress(), { db: handle.db });
    const other = await createTestSession(randomAddress(), { db: handle.db });
    // An existing user signing in again with someone's code is not re-bound…
    const again = await createTestSession(other.user.address, {
      db: handle.db,
      ref: owner.user.referralCode,
    });
    expect(again.user.referrerId).toBeNull();
    // …nor with their own code…
    const self = await createTestSession(owner.user.address, { db: handle.db, ref: owner.user.referralCode });
    expect(self.user.referrerId).toBeNull();
    // …and the database refuses a self-referral outright.
    await expect(
      handle.db.execute(sql`UPDATE ${users} SET referrer_id = id WHERE id = ${owner.user.id}`),
    ).rejects.toThrow();
  });

  it("pays the bonus only once the friend qualifies, for every earlier credit, exactly once", async () => {
    const referrer = await createTestSession(randomAddress(), { db: handle.db });
    const friend = await createTestSession(randomAddress(), {
      db: handle.db,
      ref: referrer.user.referralCode,
    });
    expect(friend.user.referrerId).toBe(referrer.user.id);

    await verifyTask(handle.db, who(friend), "testnet-quiz", {
      answers: { "chain-id": 2, value: 0, "daily-reset": 1 },
      chain,
    });
    await verifyTask(handle.db, who(friend), "read-points-article", { chain }); // not read: no credit
    expect(await balanceOf(handle.db, referrer.user.id)).toBe(0);

    const notYet = await verifyTask(handle.db, who(friend), "faucet-claim", { chain });
    expect(notYet.verified).toBe(false);
    expect(notYet.message).toMatch(/No confirmed faucet claim for 0x[0-9a-fA-F]{4}…/);

    // The faucet paid the friend's claim (the sender marks it confirmed once the payout is mined).
    await handle.db.insert(faucetClaims).values({
      id: crypto.randomUUID(),
      userId: friend.user.id,
      address: friend.user.address.toLowerCase(),
      status: "confirmed",
    });
    const faucet = await Promise.all(
      Array.from({ length: 10 }, () => verifyTask(handle.db, who(friend), "faucet-claim", { chain })),
    );
    expect(faucet.filter((r) => r.credited)).toHaveLength(1);
    // A faucet claim alone never qualifies a friend (issue 12).
    expect(await balanceOf(handle.db, referrer.user.id)).toBe(0);

    // Three more on-chain task types (credited as their verifiers would)…
    for (const [taskId, points] of [
      ["swap-10-tusd", 100],
      ["stake-1", 150],
      ["claim-reward", 100],
    ] as const) {
      await creditPoints(handle.db, {
        userId: friend.user.id,
        points,
        reason: taskId,
        source: "task",
        sourceKey: `task:${taskId}:${friend.user.id}`,
        taskId,
        onchain: true,
      });
      await creditReferralBonuses(handle.db, friend.user.id, 10);
    }
    // …but the friend signed in less than 24 h ago: still pending.
    expect(await balanceOf(handle.db, referrer.user.id)).toBe(0);
    const { referralsMe, creditPendingReferralBonuses } = await import("@/features/referrals/server");
    expect((await referralsMe(handle.db, referrer.user.id)).friends[0]).toMatchObject({
      qualified: false,
      onchainTypesDone: 3,
      onchainTypesNeeded: 3,
    });

    // A day later the sweep pays every earlier credit once, however often and concurrently it runs:
    // 10 % of 50 (quiz) + 50 (faucet) + 100 + 150 + 100 = 45.
    await handle.db.execute(
      sql`UPDATE users SET created_at = now() - interval '25 hours', first_sign_in_at = now() - interval '25 hours' WHERE id = ${friend.user.id}`,
    );
    await Promise.all([
      ...Array.from({ length: 3 }, () => creditPendingReferralBonuses(handle.db, 10)),
      ...Array.from({ length: 3 }, () => creditReferralBonuses(handle.db, friend.user.id, 10)),
    ]);
    expect(await balanceOf(handle.db, referrer.user.id)).toBe(45);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM points_ledger WHERE user_id = ${referrer.user.id} AND source = 'referral'`,
      ),
    ).toBe(5);

    // Later credits pay as they come (10 % of the daily 10 = 1).
    await verifyTask(handle.db, who(friend), "daily-check-in", { chain });
    expect(await balanceOf(handle.db, referrer.user.id)).toBe(46);
    expect(await ledgerSum(handle.db, referrer.user.id)).toBe(46);

    const me = await referralsMe(handle.db, referrer.user.id);
    expect(me).toMatchObject({ friendsCount: 1, qualifiedCount: 1, totalBonus: "46", sharePercent: 10 });
    expect(me.link).toBe(`${SITE}/${referrer.user.referralCode}`);
    expect(me.friends[0]).toMatchObject({ points: "460", bonus: "46", qualified: true });
    expect(me.friends[0]?.address).toMatch(/^0x[0-9a-f]{2}••••[0-9a-f]{4}$/);

    // An excluded friend gives no more bonus, and an excluded participant earns nothing.
    await handle.db.execute(sql`INSERT INTO participant_exclusions (address, reason_category, reason, source, created_by)
      VALUES (${friend.user.address.toLowerCase()}, 'sybil', 'test', 'manual', ${referrer.user.address})`);
    const credited = await creditPoints(handle.db, {
      userId: friend.user.id,
      points: 10,
      reason: "late",
      source: "task",
      sourceKey: `task:late:${friend.user.id}`,
      taskId: "daily-check-in",
    });
    expect(credited.credited).toBe(false);
    await creditReferralBonuses(handle.db, friend.user.id, 10);
    expect(await balanceOf(handle.db, referrer.user.id)).toBe(46);
    expect((await referralsMe(handle.db, referrer.user.id)).qualifiedCount).toBe(0);
  });

  it("invite task shows progress until enough friends did an on-chain task", async () => {
    const referrer = await createTestSession(randomAddress(), { db: handle.db });
    const friend = await createTestSession(randomAddress(), {
      db: handle.db,
      ref: referrer.user.referralCode,
    });
    await indexed({
      kind: "reward",
      txFrom: friend.user.address.toLowerCase(),
      toAddress: friend.user.address.toLowerCase(),
      token: watch.tUSD.toLowerCase(),
      amount: "5",
    });
    expect((await verifyTask(handle.db, who(friend), "claim-reward", { chain })).credited).toBe(true);
    // One on-chain task type is not enough to qualify: the friend is still pending.
    const pending = await verifyTask(handle.db, who(referrer), "invite-3-friends", { chain });
    expect(pending.task.status).toBe("todo");
    expect(pending.message).toMatch(/^0 of 3 invited friends have qualified/);
    for (const taskId of ["swap-10-tusd", "stake-1"]) {
      await creditPoints(handle.db, {
        userId: friend.user.id,
        points: 10,
        reason: taskId,
        source: "task",
        sourceKey: `task:${taskId}:${friend.user.id}`,
        taskId,
        onchain: true,
      });
    }
    await handle.db.execute(
      sql`UPDATE users SET created_at = now() - interval '25 hours', first_sign_in_at = now() - interval '25 hours' WHERE id = ${friend.user.id}`,
    );
    const res = await verifyTask(handle.db, who(referrer), "invite-3-friends", { chain });
    expect(res.verified).toBe(false);
    expect(res.task.status).toBe("in_progress");
    expect(res.task.progress).toEqual({ current: 1, total: 3 });
    expect(res.message).toMatch(/^1 of 3 invited friends have qualified/);
  });
});

describe("on-chain verifiers read the indexer's rows", () => {
  const me = () => randomAddress().toLowerCase();

  it("swap: at least the amount of the named token, in either direction", async () => {
    const s = await createTestSession(me() as Address, { db: handle.db });
    const addr = s.user.address.toLowerCase();
    const swap = (tusdIn: bigint) => {
      const { pair, args } = tusdSwap(fake, tusdIn);
      return indexed({
        kind: "swap",
        contract: pair,
        token: pair,
        fromAddress: a(5),
        toAddress: addr,
        txFrom: addr,
        txTo: a(5),
        args,
      });
    };
    await swap(9_990_000n); // 9.99 tUSD (6 decimals)
    const short = await verifyTask(handle.db, who(s), "swap-10-tusd", { chain });
    expect(short.verified).toBe(false);
    expect(short.message).toBe(
      `No swap of at least 10 tUSD from ${addr.slice(0, 6)}…${addr.slice(-4)} seen yet; swaps appear a few seconds after they confirm.`,
    );
    await swap(10_000_000n);
    expect((await verifyTask(handle.db, who(s), "swap-10-tusd", { chain })).credited).toBe(true);
  });

  it("stake: the amount staked less withdrawals reaches the amount; liquidity: a mint sent by the user", async () => {
    const s = await createTestSession(me() as Address, { db: handle.db });
    const addr = s.user.address.toLowerCase();
    const stake = (amount: string) =>
      indexed({
        kind: "stake",
        contract: a(7),
        token: a(1),
        fromAddress: addr,
        toAddress: a(7),
        txFrom: addr,
        amount,
      });
    await stake("200000000000000000");
    const part = await verifyTask(handle.db, who(s), "stake-1", { chain });
    expect(part.verified).toBe(false);
    expect(part.message).toContain("has staked 0.2 of the 0.5");
    // A farm's loop: the same 0.2 staked and withdrawn again is still 0.2 staked, not 0.6.
    const unstake = (amount: string) =>
      indexed({
        kind: "unstake",
        contract: a(7),
        token: a(1),
        fromAddress: a(7),
        toAddress: addr,
        txFrom: addr,
        amount,
      });
    for (let i = 0; i < 2; i++) {
      await unstake("200000000000000000");
      await stake("200000000000000000");
    }
    expect((await verifyTask(handle.db, who(s), "stake-1", { chain })).message).toContain(
      "has staked 0.2 of the 0.5",
    );
    await stake("300000000000000000");
    expect((await verifyTask(handle.db, who(s), "stake-1", { chain })).credited).toBe(true);

    expect((await verifyTask(handle.db, who(s), "add-liquidity", { chain })).verified).toBe(false);
    // A mint by someone else's transaction does not count.
    await indexed({ kind: "mint", contract: a(0x11), token: a(0x11), fromAddress: a(5), txFrom: a(0xbeef) });
    expect((await verifyTask(handle.db, who(s), "add-liquidity", { chain })).verified).toBe(false);
    await indexed({ kind: "mint", contract: a(0x11), token: a(0x11), fromAddress: a(5), txFrom: addr });
    expect((await verifyTask(handle.db, who(s), "add-liquidity", { chain })).credited).toBe(true);
  });

  it("send: to another address, not to our contracts nor inside a swap", async () => {
    const s = await createTestSession(me() as Address, { db: handle.db });
    const addr = s.user.address.toLowerCase();
    // Coins into the router (a swap) and tokens pulled into a pair are not sends.
    await indexed({
      kind: "native_transfer",
      logIndex: -1,
      fromAddress: addr,
      toAddress: a(5),
      txFrom: addr,
      txTo: a(5),
      amount: "1",
    });
    await indexed({
      kind: "transfer",
      token: a(2),
      contract: a(2),
      fromAddress: addr,
      toAddress: a(0x11),
      txFrom: addr,
      txTo: a(5),
      amount: "7",
    });
    // A failed transfer moved nothing.
    await indexed({
      kind: "native_transfer",
      logIndex: -1,
      fromAddress: addr,
      toAddress: a(0x999),
      txFrom: addr,
      txTo: a(0x999),
      amount: "1",
      status: "failed",
    });
    expect((await verifyTask(handle.db, who(s), "send-to-friend", { chain })).verified).toBe(false);
    await indexed({
      kind: "transfer",
      token: a(2),
      contract: a(2),
      fromAddress: addr,
      toAddress: a(0x999),
      txFrom: addr,
      txTo: a(2),
      amount: "7",
    });
    expect((await verifyTask(handle.db, who(s), "send-to-friend", { chain })).credited).toBe(true);
  });

  it("says so when the contracts are not deployed", async () => {
    const s = await createTestSession(me() as Address, { db: handle.db });
    const r = await verifyTask(handle.db, who(s), "add-liquidity", { chain: null });
    expect(r.message).toMatch(/not deployed yet/);
  });
});

describe("windows and ids", () => {
  it("refuses tasks before their start and after their end", async () => {
    await upsertTasks(handle.db, [
      ...parseTasksYaml(`
- id: later
  title: Later
  description: Opens later
  type: daily_checkin
  points: 5
  start: 2999-01-01T00:00:00Z
- id: over
  title: Over
  description: Closed
  type: daily_checkin
  points: 5
  end: 2000-01-01T00:00:00Z
`),
    ]);
    const s = await createTestSession(randomAddress(), { db: handle.db });
    await expect(verifyTask(handle.db, who(s), "later", { chain })).rejects.toMatchObject({ status: 409 });
    await expect(verifyTask(handle.db, who(s), "over", { chain })).rejects.toMatchObject({ status: 409 });
    await expect(verifyTask(handle.db, who(s), "nope", { chain })).rejects.toMatchObject({ status: 404 });
    await expect(verifyTask(handle.db, who(s), "../../etc", { chain })).rejects.toMatchObject({
      status: 404,
    });
    const states = Object.fromEntries(
      (await listTasks(handle.db, who(s), { chain })).map((t) => [t.id, t.status]),
    );
    expect(states).toMatchObject({ later: "upcoming", over: "ended", "daily-check-in": "todo" });
    await handle.db.execute(sql`DELETE FROM tasks WHERE id IN ('later', 'over')`);
  });
});

describe("routes", () => {
  let verify: Handler;
  let tasksRoute: Handler;
  let history: Handler;
  let board: Handler;
  let points: Handler;
  let referrals: Handler;
  beforeAll(async () => {
    verify = (await import("@/app/api/tasks/[id]/verify/route")).POST as Handler;
    tasksRoute = (await import("@/app/api/tasks/route")).GET as Handler;
    history = (await import("@/app/api/points/history/route")).GET as Handler;
    board = (await import("@/app/api/leaderboard/route")).GET as Handler;
    points = (await import("@/app/api/points/route")).GET as Handler;
    referrals = (await import("@/app/api/referrals/me/route")).GET as Handler;
  });
  const post = (id: string, cookie: string | null, body?: string, origin = SITE) =>
    verify(
      new Request(`${SITE}/api/tasks/${id}/verify`, {
        method: "POST",
        headers: { origin, ...(cookie ? { cookie } : {}), "content-type": "application/json" },
        body,
      }),
      { params: Promise.resolve({ id }) },
    );
  const get = (h: Handler, path: string, cookie: string | null) =>
    h(new Request(`${SITE}${path}`, { headers: cookie ? { cookie } : {} }), {});

  it("need a session and the same origin", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    for (const h of [tasksRoute, history, board, points, referrals])
      expect((await get(h, "/api/x", null)).status).toBe(401);
    expect((await post("daily-check-in", null)).status).toBe(401);
    expect((await post("daily-check-in", s.cookieHeader, undefined, "https://evil.example")).status).toBe(
      403,
    );
  });

  it("answer 404 for unknown tasks and 400 for bad input, never 500", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const missing = await post("no-such-task", s.cookieHeader);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("TASK_NOT_FOUND");
    expect((await post("testnet-quiz", s.cookieHeader, "{not json")).status).toBe(400);
    const bad = await post(
      "testnet-quiz",
      s.cookieHeader,
      JSON.stringify({ answers: { "chain-id": "two" } }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/^answers\.chain-id: /);
    expect((await post("testnet-quiz", s.cookieHeader, JSON.stringify({ extra: 1 }))).status).toBe(400);
    const cursor = await get(history, "/api/points/history?cursor=garbage", s.cookieHeader);
    expect(cursor.status).toBe(400);
    expect((await cursor.json()).error.code).toBe("INVALID_CURSOR");
    expect((await get(history, "/api/points/history?limit=0", s.cookieHeader)).status).toBe(400);
  });

  it("verify credits, lists and pages history; the 13th verify in a minute is refused with 429", async () => {
    await awayFromWindowEdge(); // 13 verifies in one clock-aligned minute
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const ok = await post("daily-check-in", s.cookieHeader);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ verified: true, credited: true, points: 10 });
    const list = await (await get(tasksRoute, "/api/tasks", s.cookieHeader)).json();
    expect(list.tasks.find((t: { id: string }) => t.id === "daily-check-in").status).toBe("done");
    const summary = await (await get(points, "/api/points", s.cookieHeader)).json();
    expect(summary).toMatchObject({
      balance: "10",
      tier: { name: "Bronze", next: { name: "Silver", min: "500" }, toNext: "490" },
    });
    expect(summary.series).toHaveLength(1);
    for (let i = 0; i < 11; i++) expect((await post("daily-check-in", s.cookieHeader)).status).toBe(200);
    const limited = await post("daily-check-in", s.cookieHeader);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error.message).toMatch(/^Please try again after \d+ seconds$/);
  });

  it("pages history with a cursor", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    for (let i = 0; i < 5; i++) {
      await creditPoints(handle.db, {
        userId: s.user.id,
        points: i + 1,
        reason: `r${i}`,
        source: "adjustment",
        sourceKey: `h:${s.user.id}:${i}`,
      });
    }
    const p1 = await (await get(history, "/api/points/history?limit=2", s.cookieHeader)).json();
    expect(p1.entries.map((e: { reason: string }) => e.reason)).toEqual(["r4", "r3"]);
    const p2 = await (
      await get(history, `/api/points/history?limit=2&cursor=${p1.next}`, s.cookieHeader)
    ).json();
    const p3 = await (
      await get(history, `/api/points/history?limit=2&cursor=${p2.next}`, s.cookieHeader)
    ).json();
    expect([...p2.entries, ...p3.entries].map((e: { reason: string }) => e.reason)).toEqual([
      "r2",
      "r1",
      "r0",
    ]);
    expect(p3.next).toBeNull();
  });
});

describe("leaderboard", () => {
  it("ranks equal totals equally and shows the user's neighbours", async () => {
    const { db } = handle;
    // A clean slate for ranks: other tests' users stay, so compare relative to a big total.
    const base = 1_000_000;
    const ss = await Promise.all([0, 1, 2, 3, 4].map(() => createTestSession(randomAddress(), { db })));
    const totals = [base + 50, base + 40, base + 40, base + 30, base + 20];
    for (const [i, s] of ss.entries()) {
      await creditPoints(db, {
        userId: s.user.id,
        points: totals[i] ?? 0,
        reason: "seed",
        source: "adjustment",
        sourceKey: `lb:${s.user.id}`,
      });
      // "Who reached it first" compares credit times; PGlite's clock can give two quick credits
      // the same value, so keep them apart.
      await new Promise((r) => setTimeout(r, 5));
    }
    const { leaderboard } = await import("@/features/points/server");
    const b = await leaderboard(db, ss[3]!.user.id);
    expect(b.top.slice(0, 5).map((r) => [r.rank, r.points])).toEqual([
      [1, String(base + 50)],
      [2, String(base + 40)],
      [2, String(base + 40)],
      [4, String(base + 30)],
      [5, String(base + 20)],
    ]);
    expect(b.me).toEqual({ rank: 4, points: String(base + 30) });
    expect(b.neighbours.map((r) => [r.rank, r.isMe])).toEqual([
      [2, false],
      [2, false],
      [4, true],
      [5, false],
      [6, false],
    ]);
    // Equal totals: who reached it first is listed first.
    expect(b.top[1]?.address.toLowerCase()).toBe(ss[1]!.user.address.toLowerCase());
  });
});
