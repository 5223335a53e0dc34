import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATCH as patchFaq } from "@/app/api/admin/faq/[slug]/route";
import { POST as postFaq } from "@/app/api/admin/faq/route";
import { PATCH as patchSettings } from "@/app/api/admin/settings/route";
import { PATCH as patchTicket } from "@/app/api/admin/support/tickets/[id]/route";
import { PATCH as patchTask } from "@/app/api/admin/tasks/[id]/route";
import { POST as postTask } from "@/app/api/admin/tasks/route";
import { auditLog, faqEntries, supportTickets, tasks } from "@/db/schema";
import type { TestSession } from "@/features/auth/testing";
import type { TestApp } from "../../../test/app-env";
import { callAs, openAdminApp, wholeTaskForm } from "./testing";

// Console writes through their routes (docs/api.md, "Operator console"): disabling a task that
// has not started, and requests that change nothing adding no audit entry.

let app: TestApp;
let admin: TestSession;

beforeAll(async () => {
  ({ app, admin } = await openAdminApp("review-console", "0x00000000000000000000000000000000000000c1"));
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.handle.db.delete(faqEntries);
});

const call = callAs(() => admin);

const audits = async (target: string) =>
  app.handle.db.select().from(auditLog).where(eq(auditLog.target, target));

describe("tasks: disabling", () => {
  it("'Disable now' (endsAt: now) works on a task scheduled to start later", async () => {
    const startsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await call(postTask, "POST", "/api/admin/tasks", {
      id: "scheduled-checkin",
      title: "Scheduled check-in",
      description: "Check in next week.",
      type: "daily_checkin",
      params: {},
      points: 10,
      repeat: "once",
      startsAt,
    });
    expect(created.status).toBe(201);
    // docs/api.md: "disabling is `endsAt: <now>`" — the console's Disable now button sends exactly this.
    const disabled = await call(
      patchTask,
      "PATCH",
      "/api/admin/tasks/scheduled-checkin",
      { endsAt: new Date().toISOString() },
      { id: "scheduled-checkin" },
    );
    expect(disabled.json.error?.message ?? "").toBe("");
    expect(disabled.status).toBe(200);
    // Stored as an empty window: the task never runs and does not end before it starts.
    const [row] = await app.handle.db.select().from(tasks).where(eq(tasks.id, "scheduled-checkin"));
    expect(row?.endsAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row?.startsAt?.toISOString()).toBe(row?.endsAt?.toISOString());
    expect(disabled.json.startsAt).toBe(disabled.json.endsAt);
  });

  it("the console's Disable now (the whole form, the later start included) works, even from a clock a little ahead", async () => {
    const task = wholeTaskForm({
      title: "Next week's check-in",
      description: "Check in next week.",
      startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect((await call(postTask, "POST", "/api/admin/tasks", { id: "next-week", ...task })).status).toBe(201);
    const endsAt = new Date(Date.now() + 30_000).toISOString();
    const res = await call(
      patchTask,
      "PATCH",
      "/api/admin/tasks/next-week",
      { ...task, endsAt },
      { id: "next-week" },
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ startsAt: endsAt, endsAt });
  });

  it("an end still to come before the start is refused, and leaves the task as it was", async () => {
    const startsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const base = {
      title: "Later",
      description: "Later.",
      type: "daily_checkin",
      params: {},
      points: 10,
      repeat: "once",
    };
    const early = new Date(Date.now() + 86_400_000).toISOString();
    const created = await call(postTask, "POST", "/api/admin/tasks", {
      id: "later-task",
      ...base,
      startsAt,
      endsAt: early,
    });
    expect(created.status).toBe(400);
    expect(created.json.error?.message).toBe("The end must be after the start.");
    expect(
      (await call(postTask, "POST", "/api/admin/tasks", { id: "later-task", ...base, startsAt })).status,
    ).toBe(201);
    const res = await call(
      patchTask,
      "PATCH",
      "/api/admin/tasks/later-task",
      { endsAt: early },
      { id: "later-task" },
    );
    expect(res.status).toBe(400);
    const [row] = await app.handle.db.select().from(tasks).where(eq(tasks.id, "later-task"));
    expect(row?.startsAt?.toISOString()).toBe(startsAt);
    expect(row?.endsAt).toBeNull();
  });
});

describe("a request that changes nothing adds no audit entry", () => {
  it("FAQ: moving the first question up (nothing moves) adds no faq.move entry", async () => {
    for (const [sectionTitle, question] of [
      ["Faucet", "How do I claim tokens"],
      ["Faucet", "How often can I claim"],
    ])
      expect(
        (
          await call(postFaq, "POST", "/api/admin/faq", {
            sectionTitle,
            question,
            answerMarkdown: "Answered here.",
          })
        ).status,
      ).toBe(201);
    const before = await app.handle.db.select().from(faqEntries);
    const res = await call(
      patchFaq,
      "PATCH",
      "/api/admin/faq/how-do-i-claim-tokens",
      { move: "up" },
      { slug: "how-do-i-claim-tokens" },
    );
    expect(res.status).toBe(200);
    // Nothing changed in the FAQ...
    const after = await app.handle.db.select().from(faqEntries);
    const order = (rows: typeof before) => rows.map((r) => `${r.position}:${r.slug}`).sort();
    expect(order(after)).toEqual(order(before));
    // ...so nothing is logged as a move.
    expect((await audits("faq:how-do-i-claim-tokens")).map((a) => a.action)).toEqual(["faq.create"]);
  });

  it("settings: resetting a setting that is not stored adds no settings.update entry", async () => {
    const res = await call(patchSettings, "PATCH", "/api/admin/settings", { "faucet.paused": null });
    expect(res.status).toBe(200);
    expect(res.json.settings).toEqual([]);
    expect(await audits("setting:faucet.paused")).toEqual([]);
  });

  it("settings: saving the stored value again adds no entry; a change still adds one", async () => {
    const tiers = [
      { name: "Bronze", min: 0 },
      { name: "Silver", min: 100 },
    ];
    try {
      for (let k = 0; k < 2; k++)
        expect(
          (await call(patchSettings, "PATCH", "/api/admin/settings", { "points.tiers": tiers })).status,
        ).toBe(200);
      // The stored jsonb comes back with its keys in another order: still the same value.
      expect((await audits("setting:points.tiers")).map((a) => a.after)).toEqual([tiers]);
      await call(patchSettings, "PATCH", "/api/admin/settings", {
        "points.tiers": [{ name: "Bronze", min: 0 }],
        "faucet.paused": null,
      });
      expect(await audits("setting:points.tiers")).toHaveLength(2);
      expect(await audits("setting:faucet.paused")).toEqual([]);
    } finally {
      await call(patchSettings, "PATCH", "/api/admin/settings", { "points.tiers": null });
    }
  });

  it("support: unassigning a ticket nobody is assigned to adds no support.assign entry", async () => {
    const [ticket] = await app.handle.db
      .insert(supportTickets)
      .values({
        email: "p@example.org",
        category: "wallet",
        subject: "Wallet will not connect",
        idempotencyKey: "review-console-ticket",
        accessTokenHash: "review-console-hash",
      })
      .returning({ id: supportTickets.id });
    const id = ticket?.id as string;
    const res = await call(
      patchTicket,
      "PATCH",
      `/api/admin/support/tickets/${id}`,
      { assignee: "nobody" },
      { id },
    );
    expect(res.status).toBe(200);
    expect(res.json.assignee).toBeNull();
    expect(await audits(`ticket:${id}`)).toEqual([]);
    // Taking it twice is one change.
    for (let k = 0; k < 2; k++)
      expect(
        (await call(patchTicket, "PATCH", `/api/admin/support/tickets/${id}`, { assignee: "me" }, { id }))
          .status,
      ).toBe(200);
    const me = admin.user.address.toLowerCase();
    expect((await audits(`ticket:${id}`)).map((a) => [a.action, a.before, a.after])).toEqual([
      ["support.assign", { assignee: null }, { assignee: me }],
    ]);
  });

  it("tasks: saving the whole form as it is adds no entry and keeps the edit time; a change adds one", async () => {
    const task = wholeTaskForm({ title: "Follow us", description: "Follow the project.", sortOrder: 3 });
    expect((await call(postTask, "POST", "/api/admin/tasks", { id: "as-it-was", ...task })).status).toBe(201);
    const stamp = async () =>
      (await app.handle.db.select().from(tasks).where(eq(tasks.id, "as-it-was")))[0]?.updatedAt?.getTime();
    const before = await stamp();
    const same = await call(patchTask, "PATCH", "/api/admin/tasks/as-it-was", task, { id: "as-it-was" });
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ id: "as-it-was", title: "Follow us", points: 10 });
    expect(await stamp()).toBe(before);
    expect((await audits("task:as-it-was")).map((a) => a.action)).toEqual(["tasks.create"]);
    const more = { ...task, points: 15 };
    expect(
      (await call(patchTask, "PATCH", "/api/admin/tasks/as-it-was", more, { id: "as-it-was" })).status,
    ).toBe(200);
    const entries = await audits("task:as-it-was");
    expect(entries.map((a) => a.action)).toEqual(["tasks.create", "tasks.update"]);
    expect(entries[1]?.before).toMatchObject({ points: 10 });
    expect(entries[1]?.after).toMatchObject({ points: 15 });
  });

  it("FAQ: saving a question as it is adds no entry; a move that moves adds one with both places", async () => {
    for (const question of ["Where is the faucet", "Why was my claim refused"])
      await call(postFaq, "POST", "/api/admin/faq", {
        sectionTitle: "Faucet",
        question,
        answerMarkdown: "Here.",
      });
    const same = { sectionTitle: "Faucet", question: "Why was my claim refused", answerMarkdown: "Here." };
    const slug = "why-was-my-claim-refused";
    expect((await call(patchFaq, "PATCH", `/api/admin/faq/${slug}`, same, { slug })).status).toBe(200);
    expect((await audits(`faq:${slug}`)).map((a) => a.action)).toEqual(["faq.create"]);
    expect((await call(patchFaq, "PATCH", `/api/admin/faq/${slug}`, { move: "up" }, { slug })).status).toBe(
      200,
    );
    const [move] = (await audits(`faq:${slug}`)).filter((a) => a.action === "faq.move");
    expect(move?.before).toMatchObject({ position: 1 });
    expect(move?.after).toMatchObject({ position: 0, move: "up" });
  });
});

describe("FAQ audit keeps before and after", () => {
  it("an answer edit's entry holds the answer it replaced", async () => {
    await call(postFaq, "POST", "/api/admin/faq", {
      sectionTitle: "Security",
      question: "Is my wallet safe",
      answerMarkdown: "The original answer.",
    });
    const res = await call(
      patchFaq,
      "PATCH",
      "/api/admin/faq/is-my-wallet-safe",
      { answerMarkdown: "A rewritten answer." },
      { slug: "is-my-wallet-safe" },
    );
    expect(res.status).toBe(200);
    const [entry] = (await audits("faq:is-my-wallet-safe")).filter((a) => a.action === "faq.update");
    expect(entry?.after).toMatchObject({ answerMarkdown: "A rewritten answer." });
    // Without the old answer the log cannot show (or restore) what the edit replaced.
    expect(entry?.before).toMatchObject({ answerMarkdown: "The original answer." });
  });
});
