"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { track } from "@/lib/analytics";

/** One PAGE_VIEW per client-side navigation (mounted once in the root layout). */
export function PageViews() {
  const pathname = usePathname();
  useEffect(() => {
    if (pathname) track("PAGE_VIEW");
  }, [pathname]);
  return null;
}
