import { NewsListSkeleton } from "@/features/news/components";

export default function Loading() {
  return <NewsListSkeleton />;
}
