import "server-only";

export { readingMinutes, renderMarkdown } from "@/lib/content/markdown";
// The news feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): database queries and
// content loading. The markdown and front-matter readers it shares with the FAQ are in src/lib/content.
export {
  articleParams,
  articleReadSchema,
  articleSchema,
  articleSlugSchema,
  articleTagSchema,
  coverSchema,
  newsListQuerySchema,
  newsPageSchema,
} from "./schema";
export { markArticleRead, readArticle } from "./server/api";
export { inlineCover } from "./server/cover";
export { loadNewsPage, openArticle, peekArticle } from "./server/page-data";
export { hasReadArticle, listArticles } from "./server/queries";
