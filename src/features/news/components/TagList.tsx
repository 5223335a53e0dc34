import { cn, PageLink } from "@/ui";
import { newsHref } from "../format";

export function TagChip({ tag, active = false }: { tag: string; active?: boolean }) {
  return (
    <PageLink
      href={newsHref({ tag })}
      aria-current={active ? "page" : undefined}
      className={cn(
        "inline-flex h-7 items-center rounded-control border px-2.5 text-xs font-medium transition-colors",
        active
          ? "border-gold bg-gold/15 text-gold"
          : "border-border text-muted hover:border-gold/60 hover:text-text",
      )}
    >
      #{tag}
    </PageLink>
  );
}

/** The tag filter above the list: "All" plus every tag in use; the current one is marked. */
export function TagFilter({ tags, current }: { tags: string[]; current: string | null }) {
  if (tags.length === 0) return null;
  return (
    <nav aria-label="Filter by tag" className="mb-6 flex flex-wrap gap-2">
      <PageLink
        href="/news"
        aria-current={current === null ? "page" : undefined}
        className={cn(
          "inline-flex h-7 items-center rounded-control border px-2.5 text-xs font-medium transition-colors",
          current === null ? "border-gold bg-gold/15 text-gold" : "border-border text-muted hover:text-text",
        )}
      >
        All
      </PageLink>
      {tags.map((t) => (
        <TagChip key={t} tag={t} active={t === current} />
      ))}
    </nav>
  );
}
