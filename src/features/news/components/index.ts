export { ArticleView } from "./ArticleView";
export { NewsList } from "./NewsList";
export { NewsListSkeleton } from "./NewsSkeleton";
