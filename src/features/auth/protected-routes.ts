/** Pages that need a signed-in session (DESIGN.md "Routes"); sub-paths are protected too. */
export const PROTECTED_ROUTES = [
  "/faq",
  "/news",
  "/swap",
  "/task",
  "/stake",
  "/wallet",
  "/airdrop",
  "/friends",
  "/rewards",
  "/support",
  "/testnet",
] as const;

/** True for `/news`, `/news/`, `/news/some-slug`; false for `/newsletter` or `/`. */
export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_ROUTES.some((r) => pathname === r || pathname.startsWith(`${r}/`));
}

/** Where a signed-out visitor is sent: `/connect?next=<path+search>`, so sign-in can bring them back. */
export function connectUrlFor(pathname: string, search = ""): string {
  return `/connect?next=${encodeURIComponent(pathname + search)}`;
}

/**
 * The `next` target after sign-in, accepted only as a same-origin path: an absolute URL,
 * a protocol-relative `//host` or a backslash trick (`/\host`) would turn sign-in into an open redirect.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/"): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return fallback;
  // Control characters (tab, newline) are stripped by URL parsers and could hide a `//`.
  for (const ch of next) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  return next;
}
