import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { faucetClaims, newsArticles, newsReads, tasks } from "@/db/schema";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { balanceOf } from "@/features/points/server";
import { ApiError } from "@/server/errors";
import { randomAddress } from "../../../test/accounts";
import { listTasks, upsertTasks, verifyTask } from "./server";
import { parseTasksYaml } from "./server/seed";
import { fakeTaskChain, indexedEvent, tasksTestDb, who } from "./testing";

// What a task's verifier must not take for a completion: a self-sent Disperse "payout" for the
// faucet task, and the same single action again in every period of a repeating task.

const { watch, chain } = fakeTaskChain();
let handle: DbHandle;
beforeAll(async () => {
  handle = await tasksTestDb(`
- id: faucet-claim
  title: Claim from the faucet
  description: Once.
  type: faucet_claim
  points: 50
- id: daily-faucet
  title: Claim from the faucet today
  description: Every day.
  type: faucet_claim
  repeat: daily
  points: 5
`);
});
afterAll(() => handle?.close());

/** disperseNative([me], [1 wei]) sent by the participant: Disperse has no owner, anyone may call it. */
async function selfSentDispersePayout(me: string, blockTime: Date) {
  await indexedEvent(handle.db, {
    blockTime,
    logIndex: -2,
    kind: "disperse_payout",
    contract: watch.disperse.toLowerCase(),
    token: null,
    fromAddress: me,
    toAddress: me,
    txFrom: me,
    txTo: watch.disperse.toLowerCase(),
    amount: "1",
    args: { index: 0 },
  });
}

async function paidFaucetClaim(s: TestSession, createdAt: Date) {
  await handle.db.insert(faucetClaims).values({
    id: crypto.randomUUID(),
    userId: s.user.id,
    address: s.user.address.toLowerCase(),
    status: "confirmed",
    createdAt,
  });
}

describe("faucet_claim", () => {
  it("is not completed by a payout the participant sends to themself through the public Disperse contract", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    await selfSentDispersePayout(s.user.address.toLowerCase(), new Date());
    const r = await verifyTask(handle.db, who(s), "faucet-claim", { chain });
    expect(r.credited).toBe(false);
    expect(await balanceOf(handle.db, s.user.id)).toBe(0);
  });

  it("on a daily task, counts only a claim the faucet paid that day, not a self-sent payout on a cooldown day", async () => {
    const s = await createTestSession(randomAddress(), { db: handle.db });
    const monday = new Date("2026-06-01T09:00:00Z");
    const tuesday = new Date("2026-06-02T09:00:00Z");
    await paidFaucetClaim(s, monday);
    expect((await verifyTask(handle.db, who(s), "daily-faucet", { now: monday, chain })).credited).toBe(true);
    // Tuesday: the faucet's cooldown is still running; the participant pays themself through Disperse.
    await selfSentDispersePayout(s.user.address.toLowerCase(), tuesday);
    const r = await verifyTask(handle.db, who(s), "daily-faucet", { now: tuesday, chain });
    expect(r.credited).toBe(false);
    expect(r.message).toMatch(/No confirmed faucet claim/);
    expect(await balanceOf(handle.db, s.user.id)).toBe(5);
  });
});

describe("task types whose completion cannot be counted per period", () => {
  it("the task file refuses a weekly read_article, daily invite_friends or weekly airdrop_claim task, naming the type", () => {
    const file = (type: string, params: string, repeat: string) =>
      `- id: x\n  title: T\n  description: D\n  type: ${type}\n  params: ${params}\n  points: 5\n  repeat: ${repeat}\n`;
    expect(() => parseTasksYaml(file("read_article", "{ slug: news }", "weekly"))).toThrow(
      /0\.repeat: read_article tasks cannot repeat weekly/,
    );
    expect(() => parseTasksYaml(file("invite_friends", "{ count: 3 }", "daily"))).toThrow(
      /0\.repeat: invite_friends tasks cannot repeat daily/,
    );
    expect(() => parseTasksYaml(file("airdrop_claim", "{}", "weekly"))).toThrow(
      /0\.repeat: airdrop_claim tasks cannot repeat weekly/,
    );
    expect(parseTasksYaml(file("read_article", "{ slug: news }", "once"))[0]?.repeat).toBe("once");
  });

  it("the console refuses a patch that makes a stored read_article task weekly (400 naming the type)", async () => {
    const { updateTask } = await import("@/features/admin/server");
    await upsertTasks(
      handle.db,
      parseTasksYaml(
        "- { id: read-once, title: Read, description: D, type: read_article, params: { slug: x }, points: 5 }",
      ),
    );
    const err = await updateTask(handle.db, randomAddress(), "read-once", { repeat: "weekly" }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^repeat: read_article tasks cannot repeat weekly/),
    });
    // Changing the type of a weekly check-in to one that cannot repeat is refused the same way.
    await upsertTasks(
      handle.db,
      parseTasksYaml(
        "- { id: weekly-check, title: C, description: D, type: daily_checkin, repeat: weekly, points: 5 }",
      ),
    );
    const typed = await updateTask(handle.db, randomAddress(), "weekly-check", {
      type: "invite_friends",
      params: { count: 3 },
    }).catch((e) => e);
    expect(typed).toMatchObject({
      status: 400,
      message: expect.stringMatching(/invite_friends tasks cannot repeat weekly/),
    });
  });

  it("a weekly read_article task saved before the rule is credited once for one read, not again every week", async () => {
    // Written straight to the table, as the console or the file could before they refused it.
    await handle.db.insert(tasks).values({
      id: "weekly-read",
      title: "Read the weekly article",
      description: "Every week.",
      type: "read_article",
      params: { slug: "weekly-news" },
      points: 20,
      repeat: "weekly",
    });
    const [article] = await handle.db
      .insert(newsArticles)
      .values({
        slug: "weekly-news",
        title: "Weekly news",
        summary: "s",
        publishedAt: new Date("2026-05-01T00:00:00Z"),
        bodyMarkdown: "b",
        bodyHtml: "<p>b</p>",
        readingMinutes: 1,
        sourceHash: "h",
      })
      .returning({ id: newsArticles.id });
    const s = await createTestSession(randomAddress(), { db: handle.db });
    // Read once, in the week of 2026-06-01.
    await handle.db
      .insert(newsReads)
      .values({ userId: s.user.id, articleId: article!.id, firstReadAt: new Date("2026-06-02T10:00:00Z") });

    const week1 = await verifyTask(handle.db, who(s), "weekly-read", {
      now: new Date("2026-06-03T12:00:00Z"),
      chain,
    });
    expect(week1.credited).toBe(true);
    const later = [];
    for (const now of ["2026-06-10T12:00:00Z", "2026-06-17T12:00:00Z"])
      later.push(await verifyTask(handle.db, who(s), "weekly-read", { now: new Date(now), chain }));
    expect(later.map((r) => r.credited)).toEqual([false, false]);
    expect(later[0]?.message).toBe("Already done.");
    expect(await balanceOf(handle.db, s.user.id)).toBe(20);
    // The participant's list shows it as done and not repeating.
    const listed = (
      await listTasks(handle.db, who(s), { now: new Date("2026-06-10T12:00:00Z"), chain })
    ).find((t) => t.id === "weekly-read");
    expect(listed).toMatchObject({ status: "done", repeat: "once", resetsAt: null });
  });
});
