import { PageContainer, PageHeader, Skeleton } from "@/ui";
import { NEWS_HEADER } from "./NewsList";

/** Same shape as the list while the page loads. */
export function NewsListSkeleton() {
  return (
    <PageContainer>
      <PageHeader {...NEWS_HEADER} />
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="overflow-hidden rounded-card border border-border bg-surface">
            <Skeleton
              className="block aspect-[2/1] w-full rounded-none"
              label={i === 0 ? "Loading news" : "Loading"}
            />
            <div className="flex flex-col gap-3 p-5">
              <Skeleton className="h-3 w-32" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          </div>
        ))}
      </div>
    </PageContainer>
  );
}
