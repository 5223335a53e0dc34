/**
 * The one route registry (docs/ARCHITECTURE.md, "Routes"): every page route with its label, who may
 * open it, whether the header links it and whether crawlers may read it. The navigation, the
 * proxy's protected routes, robots.txt, the known first segments (what is not a `/:ref` referral
 * code) and the pages' session checks all read it. Adding a page: add it here, then its folder
 * under src/app/(wallet)/ (or src/app/ when it needs no wallet), and — if it is protected — its
 * matcher literal in src/proxy.ts (a unit test keeps the two equal).
 */
export type RouteAccess = "public" | "session" | "admin";

export type RouteDef = {
  path: `/${string}`;
  label: string;
  /** public: anyone; session: a signed-in SIWE session (else /connect?next=…); admin: operators. */
  access: RouteAccess;
  /** Linked from the header, in registry order. */
  nav: boolean;
  /** Whether crawlers may read it (robots.txt). */
  crawl: boolean;
};

export const ROUTES = {
  home: { path: "/", label: "Home", access: "public", nav: true, crawl: true },
  testnet: { path: "/testnet", label: "Testnet", access: "session", nav: true, crawl: false },
  swap: { path: "/swap", label: "Swap", access: "session", nav: true, crawl: false },
  stake: { path: "/stake", label: "Stake", access: "session", nav: true, crawl: false },
  wallet: { path: "/wallet", label: "Wallet", access: "session", nav: true, crawl: false },
  task: { path: "/task", label: "Tasks", access: "session", nav: true, crawl: false },
  rewards: { path: "/rewards", label: "Rewards", access: "session", nav: true, crawl: false },
  friends: { path: "/friends", label: "Friends", access: "session", nav: true, crawl: false },
  airdrop: { path: "/airdrop", label: "Airdrop", access: "session", nav: true, crawl: false },
  news: { path: "/news", label: "News", access: "session", nav: true, crawl: false },
  faq: { path: "/faq", label: "FAQ", access: "session", nav: true, crawl: false },
  support: { path: "/support", label: "Support", access: "session", nav: true, crawl: false },
  connect: { path: "/connect", label: "Connect", access: "public", nav: false, crawl: true },
  explorer: { path: "/explorer", label: "Explorer", access: "public", nav: false, crawl: true },
  admin: { path: "/admin", label: "Console", access: "admin", nav: false, crawl: false },
  apiDocs: { path: "/docs/api", label: "API reference", access: "public", nav: false, crawl: true },
} as const satisfies Record<string, RouteDef>;

const ALL: readonly RouteDef[] = Object.values(ROUTES);

/** The header's links, in order. */
export const NAV_ROUTES = ALL.filter((r) => r.nav);

/** Pages that need a signed-in session; sub-paths are protected too. */
export const PROTECTED_ROUTES = ALL.filter((r) => r.access === "session").map((r) => r.path);

/** robots.txt: what crawlers may read and what they may not (the API never). */
export const CRAWL_ALLOW = ALL.filter((r) => r.crawl).map((r) => r.path);
export const CRAWL_DISALLOW = ["/api/", ...ALL.filter((r) => !r.crawl).map((r) => r.path)];

/**
 * First path segments that belong to real routes (pages, API, Next internals): any other single
 * segment is a `/:ref` referral code.
 */
export const KNOWN_TOP_SEGMENTS: ReadonlySet<string> = new Set([
  ...ALL.map((r) => r.path.split("/")[1]).filter((s): s is string => Boolean(s)),
  "api",
  "_next",
  // Folders of public/ (served after the proxy has seen the request): the wallet icons.
  "wallets",
]);

const under = (base: string, pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

/** True for `/news`, `/news/`, `/news/some-slug`; false for `/newsletter` or `/`. */
export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_ROUTES.some((r) => under(r, pathname));
}

/** `/news/some-post` keeps "News" highlighted; "/" only matches itself. */
export function isActive(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return under(href, pathname);
}

/** Where a signed-out visitor is sent: `/connect?next=<path+search>`, so sign-in can bring them back. */
export function connectUrlFor(pathname: string, search = ""): string {
  return `${ROUTES.connect.path}?next=${encodeURIComponent(pathname + search)}`;
}
