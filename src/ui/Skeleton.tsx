import { cn } from "./cn";

export type SkeletonProps = {
  className?: string /** Announced to screen readers while loading. */;
  label?: string;
};

/** A placeholder with the shape of the content that is loading (docs/ARCHITECTURE.md: skeletons, not spinners). */
export function Skeleton({ className, label = "Loading" }: SkeletonProps) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn(
        "inline-block animate-pulse rounded-control bg-raised motion-reduce:animate-none",
        className ?? "h-4 w-24",
      )}
    />
  );
}
