import { ArticleSkeleton } from "@/features/news/components";

export default function Loading() {
  return <ArticleSkeleton />;
}
