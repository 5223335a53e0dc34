// Public API of the news feature (server side: imports the database; client code must not import it). Components are imported by pages from ./components.

export type { Article, ArticleSummary, NewsPage } from "./schema";
export { ContentError, loadArticles } from "./server/articles";
export { type FrontMatter, FrontMatterError, parseFrontMatter } from "./server/front-matter";
export { markdownToText, readingMinutes, renderMarkdown, slugify } from "./server/markdown";
export {
  countArticlesRead,
  getArticle,
  hasReadArticle,
  listArticles,
  listTags,
  recordArticleRead,
} from "./server/queries";
export { type SeedResult, seedNews } from "./server/seed";
