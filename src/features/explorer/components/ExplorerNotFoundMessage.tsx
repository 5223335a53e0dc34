"use client";

import { usePathname } from "next/navigation";
import { explorerNotFoundMessage } from "../input";

/** The explorer's 404 text, derived from the path (not-found boundaries receive no props). */
export function ExplorerNotFoundMessage() {
  return <>{explorerNotFoundMessage(usePathname() ?? "/explorer")}</>;
}
