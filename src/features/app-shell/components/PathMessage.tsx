"use client";

import { usePathname } from "next/navigation";
import { invalidRouteMessage, pageNotFoundMessage } from "../not-found-messages";

/**
 * The 404 message with the requested path. not-found boundaries get no props, and usePathname is
 * known during server rendering too, so the message is in the HTML without any proxy header.
 */
export function PathMessage({ kind }: { kind: "unmatched" | "invalid" }) {
  const path = usePathname() ?? "/";
  return <>{kind === "invalid" ? invalidRouteMessage(path) : pageNotFoundMessage(path)}</>;
}
