// The points import creates a `users` row for an address that never signed in, and the rest of the
// portal took that row for the address's first sign-in: its referral was lost (a user is never
// re-bound) and the landing page counted it. The row is now marked not signed in
// (users.first_sign_in_at NULL) until the wallet's first real sign-in (auth/server/users.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as importPOST } from "@/app/api/admin/points/import/route";
import type { DbHandle } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { countParticipants, getUserByAddress } from "@/features/auth/server";
import { createTestSession } from "@/features/auth/testing";
import { config } from "@/server/config";
import { testDb } from "../../../test/db";

const ADMIN = "0x00000000000000000000000000000000000ad111";
const INVITER = "0x00000000000000000000000000000000000a11ce";
const FRIEND = "0x00000000000000000000000000000000000f1e4d";

let handle: DbHandle;
let adminCookie = "";
beforeAll(async () => {
  handle = await testDb();
  adminCookie = (await createTestSession(ADMIN)).cookieHeader;
  await handle.db.insert(staffRoles).values({ address: ADMIN, role: "admin", grantedBy: "test" });
});
afterAll(() => handle?.close());

const upload = (csv: string) =>
  importPOST(
    new Request(`${config().origin}/api/admin/points/import`, {
      method: "POST",
      headers: { "content-type": "text/csv", cookie: adminCookie, origin: config().origin },
      body: csv,
    }),
    { params: Promise.resolve({}) },
  );

describe("points import for an address that never signed in", () => {
  it("does not take the invitee's referral away: the first real sign-in still binds the referrer", async () => {
    const inviter = await createTestSession(INVITER);
    const before = await countParticipants(handle.db);
    const res = await upload(`address,points,reason,source_key\n${FRIEND},50,Galxe quest,galxe:q1:friend\n`);
    expect(res.status).toBe(200);
    // "Number of wallets that ever signed in" (countParticipants): FRIEND has not signed in.
    const afterImport = await countParticipants(handle.db);
    // FRIEND's first sign-in, through the inviter's /{code} link (what /api/auth/verify does).
    await createTestSession(FRIEND, { ref: inviter.user.referralCode });
    const friend = await getUserByAddress(FRIEND.toLowerCase(), handle.db);
    expect({ referrerId: friend?.referrerId, participantsAfterImport: afterImport }).toEqual({
      referrerId: inviter.user.id,
      participantsAfterImport: before,
    });
  });

  it("leaves a wallet that already signed in as it was: no second first sign-in, no new referrer", async () => {
    const inviter = await createTestSession("0x00000000000000000000000000000000000a11c2");
    const member = await createTestSession("0x00000000000000000000000000000000000b0b01");
    const before = await countParticipants(handle.db);
    const res = await upload(
      `address,points,reason,source_key\n${member.user.address},5,Layer3 quest,layer3:q1:member\n`,
    );
    expect(res.status).toBe(200);
    await createTestSession(member.user.address, { ref: inviter.user.referralCode });
    const after = await getUserByAddress(member.user.address, handle.db);
    expect({
      referrerId: after?.referrerId,
      firstSignInAt: after?.firstSignInAt,
      participants: await countParticipants(handle.db),
    }).toEqual({ referrerId: null, firstSignInAt: member.user.firstSignInAt, participants: before });
  });
});
