import Link from "next/link";
import type { ComponentProps } from "react";

export type PageLinkProps = Omit<ComponentProps<typeof Link>, "prefetch">;

/**
 * A link to one of the portal's pages: a client navigation that is never prefetched. Every page is
 * rendered per request (the root layout reads the session), so Next's automatic prefetch of each
 * link in view fetched only the route tree and the layouts the router already holds: one or two
 * requests per link on every visit, each reading the session on the server (16 on /explorer, 13 on
 * /news at 412 px), for a navigation that still waits for the page's own request. Signed out, a
 * prefetched protected page was a redirect to /connect that outlived the sign-in.
 * docs/ARCHITECTURE.md, "Client navigation".
 */
export function PageLink(props: PageLinkProps) {
  return <Link {...props} prefetch={false} />;
}
