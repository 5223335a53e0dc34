import type { ReactNode } from "react";
import { cn } from "./cn";

export type ScrollRegionProps = {
  /** The region's accessible name ("Leaderboard, top 100"). */
  label: string;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
};

/**
 * A box that scrolls (a long list, a wide table): focusable and named, so keyboard users can reach
 * it and scroll it with the arrow keys (WCAG 2.1.1, axe `scrollable-region-focusable`).
 */
export function ScrollRegion({ label, className, children, ...rest }: ScrollRegionProps) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
      className={cn("rounded-control", className)}
      {...rest}
    >
      {children}
    </section>
  );
}
