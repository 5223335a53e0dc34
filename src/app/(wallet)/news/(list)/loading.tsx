import { NewsListSkeleton } from "@/features/news";

// In the (list) group so it does not wrap /news/[slug]: a streamed loading shell would commit the
// response as 200 before the article page could answer 404 for an unknown slug.
export default function Loading() {
  return <NewsListSkeleton />;
}
