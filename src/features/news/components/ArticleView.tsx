import { PageContainer, PageLink } from "@/ui";
import { proseClasses } from "@/ui/prose";
import { formatArticleDate, formatReadingTime } from "../format";
import type { Article, ArticleLink } from "../schema";
import { ArticleReadMark } from "./ArticleReadMark";
import { Cover } from "./NewsList";
import { TagChip } from "./TagList";

/**
 * `recordRead`: the page is a signed-in shell, so the browser records the read (ArticleReadMark).
 * `coverSrc`: the cover as a data: URL (`inlineCover`), so the page's LCP image is in the HTML.
 */
export function ArticleView({
  article,
  locale,
  recordRead = false,
  coverSrc,
}: {
  article: Article;
  locale?: string;
  recordRead?: boolean;
  coverSrc?: string | null;
}) {
  return (
    <PageContainer>
      {recordRead ? <ArticleReadMark slug={article.slug} /> : null}
      <article className="mx-auto max-w-3xl">
        <PageLink href="/news" className="text-sm text-muted hover:text-gold">
          ← All news
        </PageLink>
        <header className="mt-4 mb-8">
          <h1 className="text-2xl font-semibold tracking-tight text-text sm:text-4xl">{article.title}</h1>
          <p className="mt-3 text-base text-muted">{article.summary}</p>
          <p className="mt-4 text-sm text-muted">
            <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt, locale)}</time>
            <span aria-hidden="true"> · </span>
            <span data-testid="reading-time">{formatReadingTime(article.readingMinutes, locale)}</span>
          </p>
          {article.tags.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
              {article.tags.map((t) => (
                <li key={t}>
                  <TagChip tag={t} />
                </li>
              ))}
            </ul>
          ) : null}
        </header>
        {article.coverImage ? (
          <Cover
            article={article}
            priority
            inlineSrc={coverSrc}
            className="mb-8 aspect-[2/1] rounded-card border border-border"
          />
        ) : null}
        <div
          className={proseClasses}
          data-testid="article-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by renderMarkdown (raw HTML escaped, unsafe URLs dropped)
          dangerouslySetInnerHTML={{ __html: article.html }}
        />
        <nav
          aria-label="More articles"
          className="mt-12 grid gap-4 border-t border-border pt-8 sm:grid-cols-2"
        >
          <Neighbour link={article.previous} label="Previous article" align="left" />
          <Neighbour link={article.next} label="Next article" align="right" />
        </nav>
      </article>
    </PageContainer>
  );
}

function Neighbour({
  link,
  label,
  align,
}: {
  link: ArticleLink | null;
  label: string;
  align: "left" | "right";
}) {
  if (!link) return <span className="hidden sm:block" />;
  return (
    <PageLink
      href={`/news/${link.slug}`}
      rel={align === "left" ? "prev" : "next"}
      className={`rounded-card border border-border bg-surface p-4 transition-colors hover:border-gold/60 ${align === "right" ? "sm:text-right" : ""}`}
    >
      <span className="block text-xs text-muted">
        {align === "left" ? "← " : ""}
        {label}
        {align === "right" ? " →" : ""}
      </span>
      <span className="mt-1 block font-medium text-text">{link.title}</span>
    </PageLink>
  );
}
