// Client-safe public API of the news feature (page components, types). Server code: ./server.ts.
export * from "./components";
export type { Article, ArticleSummary, NewsPage } from "./schema";
