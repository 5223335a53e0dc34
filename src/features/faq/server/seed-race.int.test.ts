import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { consoleEdits, faqEntries } from "@/db/schema";
import { heldConsoleSave, untilBlocked } from "../../../../test/console-save";
import { testDb } from "../../../../test/db";
import type { FaqEntrySource } from "./parse";
import { upsertFaq } from "./seed";

// Review (content): as for news (src/features/news/server/seed-race.int.test.ts), a question the
// operator saved in the console while the worker seeded content/faq.md was overwritten by the file,
// or unpublished when the file no longer had it. Real waiting on PostgreSQL (npm test's second pass).

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const entry = (slug: string, answer: string, position = 1): FaqEntrySource => ({
  slug,
  sectionTitle: "General",
  sectionSlug: "general",
  position,
  question: `What is ${slug}?`,
  answerMarkdown: answer,
  answerHtml: `<p>${answer}</p>`,
  answerText: answer,
  sourceHash: `hash-of-${answer}`,
});

const stored = async (slug: string) =>
  (await handle.db.select().from(faqEntries).where(eq(faqEntries.slug, slug)))[0];

const consoleAnswers = (slug: string, answer: string) =>
  heldConsoleSave(handle.db, async (tx) => {
    await tx.select().from(faqEntries).where(eq(faqEntries.slug, slug)).for("update");
    await tx.update(faqEntries).set({ answerMarkdown: answer }).where(eq(faqEntries.slug, slug));
    await tx.insert(consoleEdits).values({ kind: "faq", id: slug, editedBy: "0xc0" });
  });

describe("seeding the FAQ while the console saves", () => {
  it("keeps a console save that commits while the seed waits for the entry's row", async () => {
    await upsertFaq(handle.db, [entry("race-edit", "From the file")]);
    const save = await consoleAnswers("race-edit", "From the console");
    const seed = upsertFaq(handle.db, [entry("race-edit", "From the edited file")]);
    await untilBlocked();
    save.commit();
    await Promise.all([save.done, seed]);
    expect((await stored("race-edit"))?.answerMarkdown).toBe("From the console");
  });

  it("does not unpublish an entry gone from the file when the console saves it meanwhile", async () => {
    await upsertFaq(handle.db, [entry("race-keep", "Kept"), entry("race-other", "Other", 2)]);
    const save = await consoleAnswers("race-keep", "Kept by the console");
    const seed = upsertFaq(handle.db, [entry("race-other", "Other", 2)]);
    await untilBlocked();
    save.commit();
    const [, result] = await Promise.all([save.done, seed]);
    expect(await stored("race-keep")).toMatchObject({
      answerMarkdown: "Kept by the console",
      published: true,
    });
    expect(result.unpublished).toBe(0);
  });
});
