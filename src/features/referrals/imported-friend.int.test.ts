import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { findOrCreateImportedUser } from "@/features/auth/server";
import { createTestSession } from "@/features/auth/testing";
import { testDb } from "../../../test/db";
import { qualifiedSql } from "./server/qualification";

// A points import creates the users row of an address that never signed in (first_sign_in_at NULL,
// migrations/0033_users_first_sign_in.sql). Its friend's wait (REFERRAL_QUALIFY_HOURS) is counted
// from the first sign-in, which binds the referrer, not from that row's creation.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

describe("a friend imported before their first sign-in", () => {
  it("waits from the first sign-in, not from the import", async () => {
    const inviter = await createTestSession("0x00000000000000000000000000000000000a11c3");
    const late = "0x00000000000000000000000000000000000f1e4e";
    await findOrCreateImportedUser(handle.db, late);
    // Imported long ago: a wait measured from the row's creation would be over at the first sign-in.
    await handle.db.execute(
      sql`UPDATE users SET created_at = now() - interval '30 days' WHERE address = ${late}`,
    );
    await createTestSession(late, { ref: inviter.user.referralCode });
    const rows = await handle.db.execute(
      sql`SELECT f.referrer_id, ${qualifiedSql("f", { taskTypes: 0, hours: 24 })} AS qualified
          FROM users f WHERE f.address = ${late}`,
    );
    expect((rows as unknown as { rows: { referrer_id: string; qualified: boolean }[] }).rows[0]).toEqual({
      referrer_id: inviter.user.id,
      qualified: false,
    });
  });
});
