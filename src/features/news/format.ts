import { DEFAULT_LOCALE, formatDate, formatInteger } from "@/lib/format";

// Pure formatting shared by server and client components, through the one formatter (UTC days, so
// server HTML and client re-renders agree in every time zone).
export function formatArticleDate(iso: string, locale = DEFAULT_LOCALE): string {
  return formatDate(iso, locale);
}

export function formatReadingTime(minutes: number, locale = DEFAULT_LOCALE): string {
  return `${formatInteger(minutes, locale)} min read`;
}

/** The list's position, "Page 2 of 1,204", grouped like every other count. */
export function formatPageOf(page: number, totalPages: number, locale = DEFAULT_LOCALE): string {
  return `Page ${formatInteger(page, locale)} of ${formatInteger(totalPages, locale)}`;
}

/** `/news` URL for a page and tag; page 1 and "no tag" stay out of the URL. */
export function newsHref(opts: { page?: number; tag?: string | null }): string {
  const params = new URLSearchParams();
  if (opts.tag) params.set("tag", opts.tag);
  if (opts.page && opts.page > 1) params.set("page", String(opts.page));
  const qs = params.toString();
  return qs ? `/news?${qs}` : "/news";
}
