import { ButtonLink, EmptyState, PageContainer, PageHeader, PageLink } from "@/ui";
import { formatArticleDate, formatPageOf, formatReadingTime, newsHref } from "../format";
import type { ArticleSummary, NewsPage } from "../schema";
import { TagChip, TagFilter } from "./TagList";

const NEWS_HEADER = {
  title: "News",
  description: "Announcements, guides and changes to the testnet campaign, newest first.",
};

/**
 * The list, with no loading.tsx around it: a signed-in shell is served whole, and a Suspense
 * fallback in it painted a skeleton first, then the list after React's reveal delay, so the lead
 * cover (the LCP element) painted after the scripts (docs/ARCHITECTURE.md, "Main-thread work").
 * `leadCover`: the first card's cover as a data: URL (`inlineCover` on the news server entry), so
 * the page's LCP element is in the HTML; absent or null, the cover's own URL.
 */
export function NewsList({
  data,
  locale,
  leadCover,
}: {
  data: NewsPage;
  locale?: string;
  leadCover?: string | null;
}) {
  return (
    <PageContainer>
      <PageHeader {...NEWS_HEADER} />
      <TagFilter tags={data.tags} current={data.tag} />
      {data.articles.length === 0 ? (
        <EmptyState
          // Only ever the first page: loadNewsPage turns a page past the end into the last one.
          title={data.tag ? `No articles tagged #${data.tag}` : "No news yet"}
          description={
            data.tag
              ? "Go back to all articles to see what has been published."
              : "Announcements will appear here. Meanwhile, set up the testnet and claim from the faucet."
          }
          action={
            data.tag ? (
              <ButtonLink href="/news" variant="secondary">
                Show all articles
              </ButtonLink>
            ) : (
              <ButtonLink href="/testnet" variant="secondary">
                Open the testnet page
              </ButtonLink>
            )
          }
        />
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label="Articles">
          {data.articles.map((a, i) => (
            <li key={a.slug}>
              <ArticleCard
                article={a}
                priority={i === 0}
                inlineSrc={i === 0 ? leadCover : null}
                locale={locale}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination data={data} locale={locale} />
    </PageContainer>
  );
}

function ArticleCard({
  article,
  priority,
  inlineSrc,
  locale,
}: {
  article: ArticleSummary;
  priority: boolean;
  inlineSrc?: string | null;
  locale?: string;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-border bg-surface transition-colors focus-within:border-gold/60 hover:border-gold/60">
      <Cover article={article} priority={priority} inlineSrc={inlineSrc} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-xs text-muted">
          <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt, locale)}</time>
          <span aria-hidden="true"> · </span>
          {formatReadingTime(article.readingMinutes, locale)}
        </p>
        <h2 className="text-lg font-semibold leading-snug text-text">
          {/* The stretched link makes the whole card clickable while the tags stay separate links. */}
          <PageLink
            href={`/news/${article.slug}`}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none group-hover:text-gold"
          >
            {article.title}
          </PageLink>
        </h2>
        <p className="line-clamp-3 text-sm text-muted">{article.summary}</p>
        {article.tags.length > 0 ? (
          <ul className="relative z-10 mt-auto flex flex-wrap gap-2 pt-2" aria-label="Tags">
            {article.tags.map((t) => (
              <li key={t}>
                <TagChip tag={t} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/** `inlineSrc`: the same image as a data: URL (in the HTML: no request before it can paint). */
export function Cover({
  article,
  priority = false,
  inlineSrc,
  className = "aspect-[2/1]",
}: {
  article: Pick<ArticleSummary, "coverImage" | "coverAlt" | "title">;
  priority?: boolean;
  inlineSrc?: string | null;
  className?: string;
}) {
  if (!article.coverImage) {
    // Without a cover the card keeps its rhythm with a quiet gold gradient instead of a hole.
    return (
      <div
        aria-hidden="true"
        className={`${className} w-full bg-[radial-gradient(circle_at_30%_20%,rgba(212,166,58,0.35),transparent_60%),linear-gradient(135deg,#1c1c1f,#0b0b0c)]`}
      />
    );
  }
  return (
    // biome-ignore lint/performance/noImgElement: covers are site files and console uploads of unknown size (next/image needs each one's dimensions); remote URLs are refused when saved, the CSP would block them.
    <img
      src={inlineSrc ?? article.coverImage}
      alt={article.coverAlt ?? ""}
      // The first card's cover is the list's LCP element (issue 11): fetched at high priority, as
      // soon as the preload scanner sees it, and painted with the card instead of after a decode task.
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      className={`${className} w-full border-b border-border bg-raised object-cover`}
    />
  );
}

function Pagination({ data, locale }: { data: NewsPage; locale?: string }) {
  if (data.totalPages <= 1) return null;
  const prev = data.page > 1 ? newsHref({ page: data.page - 1, tag: data.tag }) : null;
  const next = data.page < data.totalPages ? newsHref({ page: data.page + 1, tag: data.tag }) : null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      {prev ? (
        <ButtonLink href={prev} variant="secondary" rel="prev">
          ← Newer
        </ButtonLink>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted tabular">{formatPageOf(data.page, data.totalPages, locale)}</p>
      {next ? (
        <ButtonLink href={next} variant="secondary" rel="next">
          Older →
        </ButtonLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
