import type { FaqSection } from "./schema";

/**
 * How long the search box waits after the last keystroke. Here, not in schema.ts: the FAQ browser
 * is a client component, and importing a value from schema.ts put all of zod (~30 KB gzip) into
 * /faq's first-load JavaScript (docs/ARCHITECTURE.md, "Client bundles").
 */
export const FAQ_SEARCH_DEBOUNCE_MS = 300;

/** Lower-case, diacritics folded, so "creme" finds "Crème" and "AURUM" finds "aurum". */
export function normalizeSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * Keeps the questions whose question or answer contains every word of the query (in any order);
 * sections left without questions are dropped. An empty query returns everything.
 */
export function filterFaq(sections: FaqSection[], query: string): FaqSection[] {
  const words = normalizeSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return sections;
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => {
        const haystack = normalizeSearch(`${item.question} ${item.answerText} ${section.title}`);
        return words.every((w) => haystack.includes(w));
      }),
    }))
    .filter((section) => section.items.length > 0);
}

export function countItems(sections: { items: readonly unknown[] }[]): number {
  return sections.reduce((n, s) => n + s.items.length, 0);
}
