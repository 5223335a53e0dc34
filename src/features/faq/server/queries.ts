import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { faqEntries } from "@/db/schema";
import type { FaqSection } from "../schema";
import { contiguousSections } from "./sections";

/** Published questions grouped by section, in page order (`contiguousSections`). */
export async function listFaq(db: Db): Promise<FaqSection[]> {
  const rows = await db
    .select({
      slug: faqEntries.slug,
      sectionTitle: faqEntries.sectionTitle,
      sectionSlug: faqEntries.sectionSlug,
      question: faqEntries.question,
      answerHtml: faqEntries.answerHtml,
      answerText: faqEntries.answerText,
    })
    .from(faqEntries)
    .where(eq(faqEntries.published, true))
    // The slug settles equal positions (a seeded and a console row can share one) the same way
    // on every read.
    .orderBy(asc(faqEntries.position), asc(faqEntries.slug));
  const sections: FaqSection[] = [];
  for (const r of contiguousSections(rows)) {
    let section = sections.at(-1);
    if (!section || section.slug !== r.sectionSlug) {
      section = { slug: r.sectionSlug, title: r.sectionTitle, items: [] };
      sections.push(section);
    }
    section.items.push({
      slug: r.slug,
      question: r.question,
      answerHtml: r.answerHtml,
      answerText: r.answerText,
    });
  }
  return sections;
}
