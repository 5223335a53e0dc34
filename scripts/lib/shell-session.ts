/**
 * The session check of the signed-in shells (scripts/lib/signed-in-shell.ts): the route layer's own
 * (cookie signature and live session row, through the process-wide session cache) and the name the
 * header shows (the layout's own cached lookup). The caches and the database handle are process-wide
 * (src/server/process-state.ts, src/db/client.ts), so this entry and Next's bundles share them; the
 * modules are imported directly because the features' server.ts entries are `server-only`.
 */
import { type Session, sessionFromCookieHeader } from "../../src/features/auth/server/sessions";
import { primaryNameOf } from "../../src/features/names/server/records";
import type { ShellSession } from "../../src/server/shell-session-block";

/**
 * A validated visitor: what their session block shows, and the session row itself (`auth`), the
 * only thing the page-data loaders are given (scripts/lib/shell-data.ts). Never sent as such:
 * `sessionBlock` picks the address and the name.
 */
export type ShellVisitor = ShellSession & { auth: Session };

export async function shellSessionOf(cookieHeader: string): Promise<ShellVisitor | null> {
  const session = await sessionFromCookieHeader(cookieHeader);
  return session
    ? { address: session.address, name: await primaryNameOf(session.address), auth: session }
    : null;
}
