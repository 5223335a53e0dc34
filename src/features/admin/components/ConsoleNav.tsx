"use client";

import { usePathname } from "next/navigation";
import { cn, PageLink } from "@/ui";
import { CONSOLE_SECTIONS, isCurrentSection } from "../nav";

/** Side navigation on wide screens, a horizontally scrolling strip on phones (390 px). */
export function ConsoleNav({ isAdmin }: { isAdmin: boolean }) {
  const pathname = usePathname() ?? "/admin";
  const sections = CONSOLE_SECTIONS.filter((s) => isAdmin || s.moderator);
  return (
    <nav aria-label="Console" className="md:w-48 md:shrink-0">
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:overflow-visible md:px-0">
        {sections.map((s) => {
          const current = isCurrentSection(pathname, s.href);
          return (
            <li key={s.href} className="shrink-0">
              <PageLink
                href={s.href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "block rounded-control px-3 py-2 text-sm whitespace-nowrap",
                  current ? "bg-raised font-medium text-gold" : "text-muted hover:bg-raised hover:text-text",
                )}
              >
                {s.label}
              </PageLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
