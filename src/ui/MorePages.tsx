import { Button } from "./Button";

/** The next page of a keyset list (an infinite query): hidden at the end, "Loading…" while it loads. */
export function MorePages({
  query,
  label = "Show more",
  className,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label?: string;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? "Loading…" : label}
    </Button>
  );
}
