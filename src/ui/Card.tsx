import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";

export type CardProps = HTMLAttributes<HTMLElement> & {
  title?: ReactNode;
  /** Rendered to the right of the title (a badge, a small action). */
  aside?: ReactNode;
  as?: "section" | "div" | "article";
};

export function Card({ title, aside, as: Tag = "section", className, children, ...rest }: CardProps) {
  return (
    <Tag className={cn("rounded-card border border-border bg-surface p-5 sm:p-6", className)} {...rest}>
      {title || aside ? (
        <div className="mb-4 flex items-start justify-between gap-3">
          {title ? <h2 className="text-base font-semibold text-text">{title}</h2> : <span />}
          {aside}
        </div>
      ) : null}
      {children}
    </Tag>
  );
}
