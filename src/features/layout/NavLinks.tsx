"use client";

import { usePathname } from "next/navigation";
import { isActive, NAV_ROUTES } from "@/lib/routes";
import { PageLink } from "@/ui";

/** The product navigation; `vertical` is the mobile menu's list. */
export function NavLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const pathname = usePathname() ?? "/";
  return (
    <ul className={vertical ? "flex flex-col gap-1" : "flex items-center gap-0.5"}>
      {NAV_ROUTES.map((item) => {
        const active = isActive(item.path, pathname);
        return (
          <li key={item.path}>
            <PageLink
              href={item.path}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={
                vertical
                  ? `block rounded-control px-3 py-3 text-base ${active ? "bg-raised text-gold" : "text-text hover:bg-raised"}`
                  : `block rounded-control px-2.5 py-2 text-sm ${active ? "text-gold" : "text-muted hover:text-text"}`
              }
            >
              {item.label}
            </PageLink>
          </li>
        );
      })}
    </ul>
  );
}
