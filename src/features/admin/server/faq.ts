import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { consoleEdits, faqEntries } from "@/db/schema";
import { contiguousSections, forgetFaq } from "@/features/faq/server";
import { markdownToText, renderMarkdown, slugify } from "@/lib/content/markdown";
import { recordAudit } from "@/server/audit";
import { badRequest, conflict, notFound } from "@/server/errors";
import type { faqBodySchema, faqPatchSchema } from "../schema";
import { refuseStaleEdit } from "./edit-conflict";

// The FAQ in the console: questions grouped by section, ordered by `position`. Saved entries are
// marked in console_edits and the content/faq.md seeder leaves them alone.
//
// /faq renders one block per section, so every write that changes the order keeps each section's
// questions together: a new question goes to the end of its section, a question whose section
// changes goes to the end of its new section, and a move never leaves its section (at the edge of
// the section it takes the whole section past the neighbouring one).

export async function listAdminFaq(db: Db) {
  const rows = await db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.slug));
  return {
    entries: contiguousSections(rows).map((r) => ({
      slug: r.slug,
      sectionTitle: r.sectionTitle,
      position: r.position,
      question: r.question,
      answerMarkdown: r.answerMarkdown,
      published: r.published,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

const hashOf = (v: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(["console", v]))
    .digest("hex");

async function markEdited(db: Db, slug: string, actor: string) {
  await db
    .insert(consoleEdits)
    .values({ kind: "faq", id: slug, editedBy: actor.toLowerCase() })
    .onConflictDoUpdate({
      target: [consoleEdits.kind, consoleEdits.id],
      set: { editedBy: actor.toLowerCase(), editedAt: new Date() },
    });
}

type OrderRow = { slug: string; sectionSlug: string; position: number };

/**
 * Serialises the writes that renumber the FAQ: two console saves at once would otherwise each
 * renumber from what they read and leave positions that interleave their sections.
 */
async function lockFaqOrder(t: Db) {
  await t.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('aurum-faq-order', 0))`);
}

async function readOrder(t: Db): Promise<OrderRow[]> {
  const rows = await t
    .select({ slug: faqEntries.slug, sectionSlug: faqEntries.sectionSlug, position: faqEntries.position })
    .from(faqEntries)
    .orderBy(asc(faqEntries.position), asc(faqEntries.slug));
  return contiguousSections(rows);
}

/** Stores `order` as positions 0…n-1, writing only the rows whose position changes. */
async function writeOrder(t: Db, order: readonly OrderRow[]) {
  for (const [k, r] of order.entries())
    if (r.position !== k) await t.update(faqEntries).set({ position: k }).where(eq(faqEntries.slug, r.slug));
}

const lastIndexOfSection = (order: readonly OrderRow[], sectionSlug: string) =>
  order.findLastIndex((r) => r.sectionSlug === sectionSlug);

/** The bounds [start, end] of the section block that holds index `i` (sections are contiguous). */
function blockAround(order: readonly OrderRow[], i: number): [number, number] {
  const section = order[i]?.sectionSlug;
  let start = i;
  let end = i;
  while (start > 0 && order[start - 1]?.sectionSlug === section) start--;
  while (end < order.length - 1 && order[end + 1]?.sectionSlug === section) end++;
  return [start, end];
}

/**
 * `row` (already out of `order`) placed in its section `row.sectionSlug`: after that section's last
 * question, or — a section of its own — right after the section it left (`fromSection`), so
 * renaming a section one question at a time keeps it where it was and in its order.
 */
function placeInSection(order: OrderRow[], row: OrderRow, fromSection: string, fallback: number) {
  const inSection = lastIndexOfSection(order, row.sectionSlug);
  const afterOld = lastIndexOfSection(order, fromSection);
  const at = inSection >= 0 ? inSection + 1 : afterOld >= 0 ? afterOld + 1 : Math.min(fallback, order.length);
  order.splice(at, 0, row);
}

/**
 * `up`/`down` inside the section swaps with the neighbouring question; at the section's edge the
 * whole section changes places with the neighbouring section (the only way to reorder sections).
 * Returns the slugs whose place the operator changed, or [] at the very top or bottom.
 */
function applyMove(order: OrderRow[], slug: string, move: "up" | "down"): string[] {
  const i = order.findIndex((r) => r.slug === slug);
  const row = order[i];
  if (!row) return [];
  const j = move === "up" ? i - 1 : i + 1;
  const neighbour = order[j];
  if (!neighbour) return [];
  if (neighbour.sectionSlug === row.sectionSlug) {
    order[i] = neighbour;
    order[j] = row;
    return [row.slug, neighbour.slug];
  }
  const own = blockAround(order, i);
  const other = blockAround(order, j);
  const [first, second] = move === "up" ? [other, own] : [own, other];
  const a = order.slice(first[0], first[1] + 1);
  const b = order.slice(second[0], second[1] + 1);
  order.splice(first[0], a.length + b.length, ...b, ...a);
  return [...a, ...b].map((r) => r.slug);
}

export async function createFaq(db: Db, actor: string, b: z.output<typeof faqBodySchema>) {
  const slug = slugify(b.question);
  if (!slug) throw badRequest("The question needs letters or digits.", "INVALID_INPUT");
  const sectionSlug = slugify(b.sectionTitle) || "general";
  return forgetFaqAfter(
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await lockFaqOrder(t);
      const order = await readOrder(t);
      const row = { slug, sectionSlug, position: -1 };
      placeInSection(order, row, sectionSlug, order.length);
      const position = order.indexOf(row);
      row.position = position;
      const [ins] = await t
        .insert(faqEntries)
        .values({
          slug,
          sectionTitle: b.sectionTitle,
          sectionSlug,
          position,
          question: b.question,
          answerMarkdown: b.answerMarkdown,
          answerHtml: renderMarkdown(b.answerMarkdown),
          answerText: markdownToText(b.answerMarkdown),
          published: b.published,
          sourceHash: hashOf(b),
        })
        .onConflictDoNothing()
        .returning({ slug: faqEntries.slug });
      if (!ins) throw conflict("This question is already in the FAQ.", "CONFLICT");
      await writeOrder(t, order);
      await markEdited(t, slug, actor);
      await recordAudit(t, { actor, action: "faq.create", target: `faq:${slug}`, after: b });
      return { slug };
    }),
  );
}

/**
 * Edits an entry. A new section moves it to the end of that section; `move: up|down` reorders it
 * within its section, or its section among the sections (see `applyMove`).
 */
export async function updateFaq(db: Db, actor: string, slug: string, p: z.output<typeof faqPatchSchema>) {
  return forgetFaqAfter(
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await lockFaqOrder(t);
      const [prior] = await t.select().from(faqEntries).where(eq(faqEntries.slug, slug)).for("update");
      if (!prior) throw notFound("No FAQ entry with this slug.", "NOT_FOUND");
      refuseStaleEdit("question", prior.updatedAt, p.baseUpdatedAt);
      const answerMarkdown = p.answerMarkdown ?? prior.answerMarkdown;
      const sectionTitle = p.sectionTitle ?? prior.sectionTitle;
      const next = {
        sectionTitle,
        sectionSlug: slugify(sectionTitle) || "general",
        question: p.question ?? prior.question,
        answerMarkdown,
        answerHtml: renderMarkdown(answerMarkdown),
        answerText: markdownToText(answerMarkdown),
        published: p.published ?? prior.published,
      };
      const moved = new Set<string>();
      const order = next.sectionSlug !== prior.sectionSlug || p.move ? await readOrder(t) : null;
      if (order) {
        if (next.sectionSlug !== prior.sectionSlug) {
          const i = order.findIndex((r) => r.slug === slug);
          const [row] = order.splice(i, 1) as [OrderRow];
          placeInSection(order, { ...row, sectionSlug: next.sectionSlug }, prior.sectionSlug, i);
        }
        if (p.move) for (const s of applyMove(order, slug, p.move)) moved.add(s);
      }
      const edited = (["sectionTitle", "question", "answerMarkdown", "published"] as const).some(
        (k) => next[k] !== prior[k],
      );
      // A request that changes nothing (the first question moved up, the form saved as it was)
      // writes nothing and adds no audit entry (docs/api.md, "Operator console").
      if (!edited && moved.size === 0) return { slug };
      if (order) await writeOrder(t, order);
      await t
        .update(faqEntries)
        .set({ ...next, sourceHash: hashOf(next), updatedAt: new Date() })
        .where(eq(faqEntries.slug, slug));
      // A content/faq.md question the operator moved keeps its new place: the seeder leaves
      // console-saved entries alone.
      for (const s of moved) if (s !== slug) await markEdited(t, s, actor);
      await markEdited(t, slug, actor);
      const { answerHtml: _a, answerText: _b, ...after } = next;
      const move = moved.size > 0 ? (p.move ?? null) : null;
      await recordAudit(t, {
        actor,
        action: move ? "faq.move" : "faq.update",
        target: `faq:${slug}`,
        // The same fields on both sides, so the entry shows (and could restore) what was replaced.
        before: {
          sectionTitle: prior.sectionTitle,
          sectionSlug: prior.sectionSlug,
          question: prior.question,
          answerMarkdown: prior.answerMarkdown,
          published: prior.published,
          position: prior.position,
        },
        after: { ...after, position: order ? order.findIndex((r) => r.slug === slug) : prior.position, move },
      });
      return { slug };
    }),
  );
}

/** The public pages read a cached FAQ (features/faq/server/page-data.ts): fresh after any write. */
function forgetFaqAfter<T>(write: Promise<T>): Promise<T> {
  return write.finally(forgetFaq);
}
