/**
 * The page-data loaders of the signed-in shells with per-user content (docs/ARCHITECTURE.md,
 * "Rendering and CSP"): for each such page (`data: true` in src/server/document-cache.ts,
 * SIGNED_IN_SHELLS) the very loader its page.tsx uses, given only the session the entry validated
 * (scripts/lib/shell-session.ts). They share the process-wide database handle and caches with Next's
 * bundles (src/server/process-state.ts). Imported directly: the features' server.ts entries are
 * `server-only`, which this process stubs (scripts/serve.ts).
 */
import type { Session } from "../../src/features/auth/server/sessions";
import { loadFriendsPage } from "../../src/features/referrals/server/page-data";
import { loadTasksPage } from "../../src/features/tasks/server/page-data";
import { loadWalletPage } from "../../src/features/wallet/server/page-data";
import { loadRewardsPageData } from "../../src/server/rewards-page-data";

const LOADERS: Record<string, (session: Session) => Promise<unknown>> = {
  "/task": loadTasksPage,
  "/rewards": loadRewardsPageData,
  "/friends": loadFriendsPage,
  "/wallet": loadWalletPage,
};

/** The visitor's data for `page`; throws for a page without a loader (a wiring mistake). */
export function shellPageData(page: string, session: Session): Promise<unknown> {
  const load = Object.hasOwn(LOADERS, page) ? LOADERS[page] : undefined;
  if (!load) throw new Error(`no page-data loader for ${page}`);
  return load(session);
}
