import "server-only";

// The news feature's server entry (docs/ARCHITECTURE.md, "Feature entries").
export { ContentError, loadArticles } from "./server/articles";
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
