// Client-safe public API of the news feature. Server code (database, content loading, markdown):
// `@/features/news/server`. Components are imported by pages from ./components.

export * from "./components";
export { formatArticleDate, formatReadingTime, newsHref } from "./format";
export type { Article, ArticleLink, ArticleSummary, NewsListQuery, NewsPage } from "./schema";
