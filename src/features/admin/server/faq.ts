import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { consoleEdits, faqEntries } from "@/db/schema";
import { forgetFaq } from "@/features/faq/server";
import { markdownToText, renderMarkdown, slugify } from "@/lib/content/markdown";
import { recordAudit } from "@/server/audit";
import { badRequest, conflict, notFound } from "@/server/errors";
import type { faqBodySchema, faqPatchSchema } from "../schema";

// The FAQ in the console: questions grouped by section, ordered by `position`. Saved entries are
// marked in console_edits and the content/faq.md seeder leaves them alone.

export async function listAdminFaq(db: Db) {
  const rows = await db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.slug));
  return {
    entries: rows.map((r) => ({
      slug: r.slug,
      sectionTitle: r.sectionTitle,
      position: r.position,
      question: r.question,
      answerMarkdown: r.answerMarkdown,
      published: r.published,
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

export async function createFaq(db: Db, actor: string, b: z.output<typeof faqBodySchema>) {
  const slug = slugify(b.question);
  if (!slug) throw badRequest("The question needs letters or digits.", "INVALID_INPUT");
  const sectionSlug = slugify(b.sectionTitle) || "general";
  return forgetFaqAfter(
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [last] = await t
        .select({ p: sql<number>`coalesce(max(${faqEntries.position}), -1)` })
        .from(faqEntries);
      const row = {
        slug,
        sectionTitle: b.sectionTitle,
        sectionSlug,
        position: Number(last?.p ?? -1) + 1,
        question: b.question,
        answerMarkdown: b.answerMarkdown,
        answerHtml: renderMarkdown(b.answerMarkdown),
        answerText: markdownToText(b.answerMarkdown),
        published: b.published,
        sourceHash: hashOf(b),
      };
      const [ins] = await t
        .insert(faqEntries)
        .values(row)
        .onConflictDoNothing()
        .returning({ slug: faqEntries.slug });
      if (!ins) throw conflict("This question is already in the FAQ.", "CONFLICT");
      await markEdited(t, slug, actor);
      await recordAudit(t, { actor, action: "faq.create", target: `faq:${slug}`, after: b });
      return { slug };
    }),
  );
}

/** Edits an entry; `move: up|down` swaps it with its neighbour in the order. */
export async function updateFaq(db: Db, actor: string, slug: string, p: z.output<typeof faqPatchSchema>) {
  return forgetFaqAfter(
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [prior] = await t.select().from(faqEntries).where(eq(faqEntries.slug, slug)).for("update");
      if (!prior) throw notFound("No FAQ entry with this slug.", "NOT_FOUND");
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
      await t
        .update(faqEntries)
        .set({ ...next, sourceHash: hashOf(next), updatedAt: new Date() })
        .where(eq(faqEntries.slug, slug));
      if (p.move) {
        const all = await t
          .select({ slug: faqEntries.slug, position: faqEntries.position })
          .from(faqEntries)
          .orderBy(asc(faqEntries.position), asc(faqEntries.slug));
        const i = all.findIndex((r) => r.slug === slug);
        const j = p.move === "up" ? i - 1 : i + 1;
        const other = all[j];
        if (other) {
          // Renumber the whole list so equal positions from the seed cannot make a swap a no-op.
          const order = all.map((r) => r.slug);
          [order[i], order[j]] = [order[j] as string, order[i] as string];
          for (const [k, s] of order.entries())
            await t.update(faqEntries).set({ position: k }).where(eq(faqEntries.slug, s));
          await markEdited(t, other.slug, actor);
        }
      }
      await markEdited(t, slug, actor);
      const { answerHtml: _a, answerText: _b, ...after } = next;
      await recordAudit(t, {
        actor,
        action: p.move ? "faq.move" : "faq.update",
        target: `faq:${slug}`,
        before: {
          question: prior.question,
          sectionTitle: prior.sectionTitle,
          position: prior.position,
          published: prior.published,
        },
        after: { ...after, move: p.move ?? null },
      });
      return { slug };
    }),
  );
}

/** The public pages read a cached FAQ (features/faq/server/page-data.ts): fresh after any write. */
function forgetFaqAfter<T>(write: Promise<T>): Promise<T> {
  return write.finally(forgetFaq);
}
