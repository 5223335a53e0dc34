/**
 * The FAQ's order as readers see it: rows by position, then each section's questions brought
 * together where the section first appears. Positions alone cannot promise that: the console and
 * content/faq.md both write them, and a section split in two would render twice on /faq (the same
 * React key and `id="section-…"`). The console orders its list and its moves with the same
 * function, so what an operator sees is what /faq shows.
 */
export function contiguousSections<T extends { sectionSlug: string }>(rows: readonly T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const group = groups.get(r.sectionSlug);
    if (group) group.push(r);
    else groups.set(r.sectionSlug, [r]);
  }
  return [...groups.values()].flat();
}
