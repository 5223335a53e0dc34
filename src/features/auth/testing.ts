/**
 * Test helpers for other features' integration tests: a real user and session row without going
 * through SIWE (that flow has its own tests in auth.int.test.ts). Never imported by app code.
 */
import type { Address } from "viem";
import { type Db, getDb } from "@/db/client";
import { config } from "@/server/config";
import { createSession, type Session } from "./server/sessions";
import { findOrCreateUser, type User } from "./server/users";
import { sessionCookieName } from "./session-cookie";

export type TestSession = {
  user: User;
  session: Session;
  /** Ready for a `cookie` request header: `<name of the current mode>=<value>` (`aurum_session=…` over http). */
  cookieHeader: string;
};

export async function createTestSession(
  address: Address,
  opts: { db?: Db; ref?: string } = {},
): Promise<TestSession> {
  const db = opts.db ?? (await getDb());
  const { user } = await findOrCreateUser(db, address, opts.ref);
  const { cookieValue, session } = await createSession(db, user.id);
  return { user, session, cookieHeader: `${sessionCookieName(config().secureCookies)}=${cookieValue}` };
}
