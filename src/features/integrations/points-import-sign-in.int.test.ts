// The points import creates a `users` row for an address that never signed in, and the rest of the
// portal took that row for the address's first sign-in: its referral was lost (a user is never
// re-bound) and the landing page counted it. The row is now marked not signed in
// (users.first_sign_in_at NULL) until the wallet's first real sign-in (auth/server/users.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportGET } from "@/app/api/admin/exports/[file]/route";
import { GET as overviewGET } from "@/app/api/admin/overview/route";
import { GET as participantsGET } from "@/app/api/admin/participants/route";
import { POST as importPOST } from "@/app/api/admin/points/import/route";
import type { DbHandle } from "@/db/client";
import { staffRoles, users } from "@/db/schema";
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

describe("the console counts a participant from the first sign-in, not from the import", () => {
  const IMPORTED = "0x00000000000000000000000000000000001a7e01";
  const get = (path: string) =>
    new Request(`${config().origin}${path}`, { headers: { cookie: adminCookie } });
  const none = { params: Promise.resolve({}) };
  const today = new Date().toISOString().slice(0, 10);
  const joinedOf = async () => {
    const res = await participantsGET(get(`/api/admin/participants?search=${IMPORTED}`), none);
    const body = (await res.json()) as { participants: { address: string; joinedAt: string | null }[] };
    return body.participants.find((p) => p.address === IMPORTED)?.joinedAt;
  };
  const newToday = async () => {
    const res = await overviewGET(get(`/api/admin/overview?from=${today}&to=${today}`), none);
    const body = (await res.json()) as { newParticipants: { day: string; count: number }[] };
    return body.newParticipants.find((d) => d.day === today)?.count ?? 0;
  };
  const exported = async () => {
    const res = await exportGET(get(`/api/admin/exports/participants.csv?from=${today}&to=${today}`), {
      params: Promise.resolve({ file: "participants.csv" }),
    });
    expect(res.status).toBe(200);
    return (await res.text()).split("\n").find((line) => line.startsWith(IMPORTED));
  };

  it("lists an imported address as not signed in, and leaves it out of new participants and the export", async () => {
    const rowsBefore = await handle.db.$count(users);
    const res = await upload(
      `address,points,reason,source_key\n${IMPORTED},20,Zealy quest,zealy:q9:imported\n`,
    );
    expect(res.status).toBe(200);
    // Every other row of this file signed in today; the imported one did not.
    expect(await handle.db.$count(users)).toBe(rowsBefore + 1);
    expect({ joined: await joinedOf(), newToday: await newToday(), exported: await exported() }).toEqual({
      joined: null,
      newToday: rowsBefore,
      exported: undefined,
    });

    await createTestSession(IMPORTED);
    const joined = await joinedOf();
    expect(joined && Date.now() - Date.parse(joined)).toBeLessThan(60_000);
    expect(await exported()).toContain(`,20,${joined}`);
  });
});
