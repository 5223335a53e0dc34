import "server-only";

// The news feature's server entry (docs/ARCHITECTURE.md, "Feature entries").
export { ContentError, loadArticles } from "./server/articles";
export { type FrontMatter, FrontMatterError, parseFrontMatter } from "./server/front-matter";
export { markdownToText, readingMinutes, renderMarkdown, slugify } from "./server/markdown";
export { loadNewsPage, openArticle, peekArticle } from "./server/page-data";
export {
  countArticlesRead,
  getArticle,
  hasReadArticle,
  listArticles,
  listTags,
  recordArticleRead,
} from "./server/queries";
export { type SeedResult, seedNews } from "./server/seed";
