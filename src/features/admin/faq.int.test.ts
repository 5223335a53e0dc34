import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { faqEntries } from "@/db/schema";
import { createFaq, listAdminFaq, updateFaq } from "@/features/admin/server";
import { listFaq } from "@/features/faq/server";
import { consoleTestDb } from "./testing";

const ACTOR = "0x00000000000000000000000000000000000000aa";
const handle = consoleTestDb(faqEntries);

const add = (sectionTitle: string, question: string) =>
  createFaq(handle.db, ACTOR, {
    sectionTitle,
    question,
    answerMarkdown: `${question} answered.`,
    published: true,
  });

/** What /faq shows: `Section: q1 q2 | Section: q3`. */
async function page(): Promise<string> {
  const sections = await listFaq(handle.db);
  const slugs = sections.map((s) => s.slug);
  // One block per section, or /faq repeats a React key and an `id="section-…"`.
  expect(slugs, "each section once").toEqual([...new Set(slugs)]);
  return sections.map((s) => `${s.title}: ${s.items.map((i) => i.slug).join(" ")}`).join(" | ");
}

/** Adds the questions of `layout` (as `page()` prints it: "A: a1 a2 | B: b1") in that order. */
async function addAll(layout: string) {
  for (const section of layout.split(" | ")) {
    const [title, questions] = section.split(": ") as [string, string];
    for (const q of questions.split(" ")) await add(title, q);
  }
}

/** What the console lists: the same order, positions 0…n-1. */
async function consoleOrder(): Promise<string[]> {
  const { entries } = await listAdminFaq(handle.db);
  expect(entries.map((e) => e.position)).toEqual(entries.map((_, k) => k));
  return entries.map((e) => e.slug);
}

describe("console FAQ order: sections stay contiguous", () => {
  it("adds a question to the end of its own section, not after every other question", async () => {
    await add("Faucet", "f1");
    await add("Security", "s1");
    await add("Faucet", "f2");
    await add("Security", "s2");
    await add("Wallets", "w1");
    expect(await page()).toBe("Faucet: f1 f2 | Security: s1 s2 | Wallets: w1");
    expect(await consoleOrder()).toEqual(["f1", "f2", "s1", "s2", "w1"]);
  });

  it("concurrent additions to one section keep it in one block", async () => {
    await add("Faucet", "f1");
    await add("Security", "s1");
    await Promise.all(["f2", "f3", "f4"].map((q) => add("Faucet", q)));
    expect(await page()).toMatch(/^Faucet: f1 f\d f\d f\d \| Security: s1$/);
  });

  it("a question moved to another section goes to the end of that section", async () => {
    await addAll("A: a1 a2 | B: b1 b2 | C: c1");
    await updateFaq(handle.db, ACTOR, "a1", { sectionTitle: "B" });
    expect(await page()).toBe("A: a2 | B: b1 b2 a1 | C: c1");
    // A section title that is new makes a section right after the one the question left.
    await updateFaq(handle.db, ACTOR, "b1", { sectionTitle: "New" });
    expect(await page()).toBe("A: a2 | B: b2 a1 | New: b1 | C: c1");
  });

  it("renaming a section one question at a time keeps the section in place and in order", async () => {
    await addAll("A: a1 | B: b1 b2 b3 | C: c1");
    for (const q of ["b1", "b2", "b3"]) await updateFaq(handle.db, ACTOR, q, { sectionTitle: "Renamed" });
    expect(await page()).toBe("A: a1 | Renamed: b1 b2 b3 | C: c1");
    // The only question of its section keeps its place too.
    await updateFaq(handle.db, ACTOR, "a1", { sectionTitle: "First" });
    expect(await page()).toBe("First: a1 | Renamed: b1 b2 b3 | C: c1");
  });

  it("moves swap inside the section; at its edge the whole section moves past its neighbour", async () => {
    await addAll("A: a1 a2 | B: b1 b2 | C: c1");
    await updateFaq(handle.db, ACTOR, "b2", { move: "up" });
    expect(await page()).toBe("A: a1 a2 | B: b2 b1 | C: c1");
    await updateFaq(handle.db, ACTOR, "a2", { move: "down" });
    expect(await page()).toBe("B: b2 b1 | A: a1 a2 | C: c1");
    await updateFaq(handle.db, ACTOR, "c1", { move: "up" });
    expect(await page()).toBe("B: b2 b1 | C: c1 | A: a1 a2");
    // Nothing above the first question or below the last.
    await updateFaq(handle.db, ACTOR, "b2", { move: "up" });
    await updateFaq(handle.db, ACTOR, "a2", { move: "down" });
    expect(await page()).toBe("B: b2 b1 | C: c1 | A: a1 a2");
    expect(await consoleOrder()).toEqual(["b2", "b1", "c1", "a1", "a2"]);
  });

  it("reads an order that is already split as one block per section, and the next write repairs it", async () => {
    for (const [s, q] of [
      ["A", "a1"],
      ["B", "b1"],
      ["A", "a2"],
    ] as const)
      await add(s, q);
    // Positions as a content/faq.md reseed or an earlier build could leave them: A, B, A.
    await handle.db.update(faqEntries).set({ position: 0 }).where(eq(faqEntries.slug, "a1"));
    await handle.db.update(faqEntries).set({ position: 1 }).where(eq(faqEntries.slug, "b1"));
    await handle.db.update(faqEntries).set({ position: 2 }).where(eq(faqEntries.slug, "a2"));
    expect(await page()).toBe("A: a1 a2 | B: b1");
    expect((await listAdminFaq(handle.db)).entries.map((e) => e.slug)).toEqual(["a1", "a2", "b1"]);
    await updateFaq(handle.db, ACTOR, "b1", { move: "up" });
    expect(await page()).toBe("B: b1 | A: a1 a2");
    expect(await consoleOrder()).toEqual(["b1", "a1", "a2"]);
  });
});
