"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { isActive, isProtectedPath, NAV_ROUTES } from "@/lib/routes";

/** The product navigation; `vertical` is the mobile menu's list. */
export function NavLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const pathname = usePathname() ?? "/";
  return (
    <ul className={vertical ? "flex flex-col gap-1" : "flex items-center gap-0.5"}>
      {NAV_ROUTES.map((item) => {
        const active = isActive(item.path, pathname);
        return (
          <li key={item.path}>
            <Link
              href={item.path}
              // A protected page prefetched while signed out is a cached redirect to /connect that
              // would outlive the sign-in; these pages are dynamic, so prefetching gains little.
              prefetch={isProtectedPath(item.path) ? false : undefined}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={
                vertical
                  ? `block rounded-control px-3 py-3 text-base ${active ? "bg-raised text-gold" : "text-text hover:bg-raised"}`
                  : `block rounded-control px-2.5 py-2 text-sm ${active ? "text-gold" : "text-muted hover:text-text"}`
              }
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
