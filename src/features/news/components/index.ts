export { ArticleView } from "./ArticleView";
export { NewsList } from "./NewsList";
