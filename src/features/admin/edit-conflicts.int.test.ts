import { and, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATCH as patchFaq } from "@/app/api/admin/faq/[slug]/route";
import { GET as listFaq, POST as postFaq } from "@/app/api/admin/faq/route";
import { PATCH as patchNews } from "@/app/api/admin/news/[slug]/route";
import { GET as listNews, POST as postNews } from "@/app/api/admin/news/route";
import { PATCH as patchTask } from "@/app/api/admin/tasks/[id]/route";
import { GET as listTasks, POST as postTask } from "@/app/api/admin/tasks/route";
import { auditLog, faqEntries, newsArticles, tasks } from "@/db/schema";
import type { TestSession } from "@/features/auth/testing";
import type { TestApp } from "../../../test/app-env";
import { callAs, openAdminApp, wholeTaskForm } from "./testing";

// Two operators editing the same row (docs/api.md, "Edit conflicts"): a save from a form opened
// before someone else's save is refused with 409 EDIT_CONFLICT and writes nothing.

let app: TestApp;
let admin: TestSession;
const call = callAs(() => admin);

beforeAll(async () => {
  ({ app, admin } = await openAdminApp("edit-conflicts", "0x00000000000000000000000000000000000000c7"));
});
afterAll(() => app?.close());
/** The audit log keeps every entry (append-only): a test counts those after its start. */
let auditFrom = 0n;
beforeEach(async () => {
  const [last] = await app.handle.db
    .select({ id: sql<string>`coalesce(max(${auditLog.id}), 0)` })
    .from(auditLog);
  auditFrom = BigInt(last?.id ?? 0);
  await app.handle.db.delete(faqEntries);
  await app.handle.db.delete(newsArticles);
  await app.handle.db.delete(tasks).where(sql`${tasks.id} LIKE 'conflict-%'`);
});

const updates = async (target: string, action: string) =>
  (
    await app.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, target), eq(auditLog.action, action), gt(auditLog.id, auditFrom)))
  ).length;

/**
 * The row with `key` as a console list shows it (`GET path`, its `list` array): its version and
 * the field `titleField` that the forms below edit.
 */
const listedIn =
  (handler: unknown, path: string, list: string, titleField: string) =>
  async (key: Record<string, string>) => {
    const { json } = await call(handler, "GET", path);
    const [field, value] = Object.entries(key)[0] ?? [];
    const row = (json[list] as Record<string, string>[]).find(
      (r) => field !== undefined && r[field] === value,
    );
    return { updatedAt: row?.updatedAt ?? "", title: row?.[titleField] ?? "" };
  };

type Kind = {
  what: string;
  /** Creates the row; returns its key (the PATCH route's param). */
  create: () => Promise<Record<string, string>>;
  /** The row as the console's list shows it. */
  listed: (key: Record<string, string>) => Promise<{ updatedAt: string; title: string }>;
  patch: (key: Record<string, string>, body: Record<string, unknown>) => ReturnType<typeof call>;
  /** A whole-form save giving it `title`. */
  form: (title: string) => Record<string, unknown>;
  target: (key: Record<string, string>) => string;
  action: string;
};

const taskKind: Kind = {
  what: "task",
  create: async () => {
    const form = wholeTaskForm({ title: "First title", description: "Check in." });
    const res = await call(postTask, "POST", "/api/admin/tasks", { id: "conflict-task", ...form });
    expect(res.status).toBe(201);
    return { id: "conflict-task" };
  },
  listed: listedIn(listTasks, "/api/admin/tasks", "tasks", "title"),
  patch: (key, body) => call(patchTask, "PATCH", `/api/admin/tasks/${key.id}`, body, key),
  form: (title) => wholeTaskForm({ title, description: "Check in." }),
  target: ({ id }) => `task:${id}`,
  action: "tasks.update",
};

const faqKind: Kind = {
  what: "question",
  create: async () => {
    const res = await call(postFaq, "POST", "/api/admin/faq", {
      sectionTitle: "Faucet",
      question: "First title",
      answerMarkdown: "Here.",
    });
    expect(res.status).toBe(201);
    return { slug: String(res.json.slug) };
  },
  listed: listedIn(listFaq, "/api/admin/faq", "entries", "question"),
  patch: (key, body) => call(patchFaq, "PATCH", `/api/admin/faq/${key.slug}`, body, key),
  form: (title) => ({ sectionTitle: "Faucet", question: title, answerMarkdown: "Here." }),
  target: ({ slug }) => `faq:${slug}`,
  action: "faq.update",
};

const article = (title: string) => ({
  title,
  summary: "What changed this week.",
  bodyMarkdown: "Body.",
  tags: [],
  coverImage: null,
  coverAlt: null,
  publishedAt: "2026-11-01T00:00:00.000Z",
  published: true,
});
const newsKind: Kind = {
  what: "article",
  create: async () => {
    const res = await call(postNews, "POST", "/api/admin/news", {
      slug: "conflict-news",
      ...article("First title"),
    });
    expect(res.status).toBe(201);
    return { slug: "conflict-news" };
  },
  listed: listedIn(listNews, "/api/admin/news", "articles", "title"),
  patch: (key, body) => call(patchNews, "PATCH", `/api/admin/news/${key.slug}`, body, key),
  form: article,
  target: ({ slug }) => `news:${slug}`,
  action: "news.update",
};

describe.each([taskKind, faqKind, newsKind])("$what: two operators editing the same one", (kind) => {
  it("the save from a form opened before the other's save is refused and writes nothing", async () => {
    const key = await kind.create();
    const opened = await kind.listed(key);
    expect(Date.parse(opened.updatedAt)).not.toBeNaN();

    // Both opened the same version; the first save wins.
    const first = await kind.patch(key, { ...kind.form("Saved by A"), baseUpdatedAt: opened.updatedAt });
    expect(first.status).toBe(200);
    const afterFirst = await kind.listed(key);
    expect(afterFirst.title).toBe("Saved by A");
    expect(afterFirst.updatedAt).not.toBe(opened.updatedAt);

    const second = await kind.patch(key, { ...kind.form("Saved by B"), baseUpdatedAt: opened.updatedAt });
    expect(second.status).toBe(409);
    expect(second.json.error).toEqual({
      code: "EDIT_CONFLICT",
      message: `Someone else saved this ${kind.what} after you opened it, so your changes were not saved. Close the form and open it again to see their version.`,
    });
    expect(await kind.listed(key)).toEqual(afterFirst);
    expect(await updates(kind.target(key), kind.action)).toBe(1);

    // Opened again: B's save goes through on top of A's.
    const again = await kind.patch(key, { ...kind.form("Saved by B"), baseUpdatedAt: afterFirst.updatedAt });
    expect(again.status).toBe(200);
    expect((await kind.listed(key)).title).toBe("Saved by B");
  });

  it("of two saves sent at once from the same version, one is saved and the other refused", async () => {
    const key = await kind.create();
    const { updatedAt } = await kind.listed(key);
    const answers = await Promise.all(
      ["Saved by A", "Saved by B"].map((title) =>
        kind.patch(key, { ...kind.form(title), baseUpdatedAt: updatedAt }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0]?.status === 200 ? "Saved by A" : "Saved by B";
    expect((await kind.listed(key)).title).toBe(winner);
    expect(await updates(kind.target(key), kind.action)).toBe(1);
  });

  it("a save as it was keeps the version, so the next save from the same form still goes through", async () => {
    const key = await kind.create();
    const opened = await kind.listed(key);
    const same = await kind.patch(key, { ...kind.form("First title"), baseUpdatedAt: opened.updatedAt });
    expect(same.status).toBe(200);
    expect(await kind.listed(key)).toEqual(opened);
    expect(await updates(kind.target(key), kind.action)).toBe(0);
    const changed = await kind.patch(key, { ...kind.form("Second title"), baseUpdatedAt: opened.updatedAt });
    expect(changed.status).toBe(200);
  });

  it("without baseUpdatedAt (a script) the last save wins", async () => {
    const key = await kind.create();
    const { updatedAt } = await kind.listed(key);
    expect((await kind.patch(key, { ...kind.form("Saved by A"), baseUpdatedAt: updatedAt })).status).toBe(
      200,
    );
    expect((await kind.patch(key, kind.form("Saved by a script"))).status).toBe(200);
    expect((await kind.listed(key)).title).toBe("Saved by a script");
  });

  it("a baseUpdatedAt that is not a date is a 400 naming it, and nothing is saved", async () => {
    const key = await kind.create();
    const res = await kind.patch(key, { ...kind.form("Saved by A"), baseUpdatedAt: "yesterday" });
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe("INVALID_INPUT");
    expect(res.json.error?.message).toMatch(/baseUpdatedAt/);
    expect((await kind.listed(key)).title).toBe("First title");
  });
});

it("a row written by the database's clock (microseconds) is not taken for a conflict", async () => {
  // The seeders and a fresh install write updated_at with now(): microseconds, which the list's
  // millisecond ISO string cannot carry. Both readers must drop them the same way.
  await app.handle.db.insert(tasks).values({
    id: "conflict-seeded",
    title: "Seeded",
    description: "From tasks.yaml.",
    type: "daily_checkin",
    params: {},
    points: 10,
    repeat: "once",
  });
  await app.handle.db.execute(
    sql`UPDATE tasks SET updated_at = '2026-11-02 03:04:05.678951+00' WHERE id = 'conflict-seeded'`,
  );
  const key = { id: "conflict-seeded" };
  const opened = await taskKind.listed(key);
  expect(opened.updatedAt).toBe("2026-11-02T03:04:05.678Z");
  const res = await taskKind.patch(key, {
    ...wholeTaskForm({ title: "Edited", description: "From tasks.yaml." }),
    baseUpdatedAt: opened.updatedAt,
  });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ title: "Edited" });
});
