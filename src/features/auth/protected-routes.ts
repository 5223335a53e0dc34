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
