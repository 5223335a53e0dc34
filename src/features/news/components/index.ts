export { ArticleView } from "./ArticleView";
export { NewsList } from "./NewsList";
export { ArticleSkeleton, NewsListSkeleton } from "./NewsSkeleton";
