// Pure formatting shared by server and client components. Fixed locale and UTC, so server HTML
// and client re-renders always agree (no hydration mismatch across time zones).
const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

export function formatArticleDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatReadingTime(minutes: number): string {
  return `${minutes} min read`;
}

/** `/news` URL for a page and tag; page 1 and "no tag" stay out of the URL. */
export function newsHref(opts: { page?: number; tag?: string | null }): string {
  const params = new URLSearchParams();
  if (opts.tag) params.set("tag", opts.tag);
  if (opts.page && opts.page > 1) params.set("page", String(opts.page));
  const qs = params.toString();
  return qs ? `/news?${qs}` : "/news";
}
