import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { testDb } from "../../../test/db";
import { recordSignIn } from "./server";
import { clientSightings, runSybilScoring } from "./server/sybil-job";

// The sybil job used to read every sign-in ever, one row each, on every run: what it held grew with
// every sign-in. It now reads each (address, client address, network) once (sybil-job.ts), and the
// table holds each once (migration 0038), however often a wallet signs in.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;

describe("sybil job: client sightings", () => {
  it("reads a wallet signing in again and again from one place once, and still finds the shared address", async () => {
    const ip = "198.51.100.23";
    const wallets = await Promise.all(
      Array.from({ length: 4 }, () => createTestSession(fresh(), { db: handle.db })),
    );
    for (const w of wallets) {
      for (let i = 0; i < 10; i++)
        await recordSignIn(handle.db, { userId: w.user.id, address: w.user.address, ip });
    }
    // One of them also signs in from home.
    await recordSignIn(handle.db, {
      userId: wallets[0]!.user.id,
      address: wallets[0]!.user.address,
      ip: "192.0.2.7",
    });

    const seen = await clientSightings(handle.db);
    const mine = new Set(wallets.map((w) => w.user.address.toLowerCase()));
    const ours = seen.filter((s) => mine.has(s.address));
    expect(ours).toHaveLength(5);
    expect(new Set(ours.map((s) => `${s.address}|${s.ip}`)).size).toBe(5);

    await runSybilScoring(handle.db, { force: true });
    const clusters = (await handle.db.execute(
      sql`SELECT size FROM sybil_clusters WHERE kind = 'shared_ip' AND key = ${ip}`,
    )) as unknown as { rows: { size: number }[] };
    expect(clusters.rows.map((r) => Number(r.size))).toEqual([4]);
  });

  it("stores each sighting once: a wallet signing in 50 times from one place, some without a known client, adds 2 rows", async () => {
    const { user } = await createTestSession(fresh(), { db: handle.db });
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        recordSignIn(handle.db, { userId: user.id, address: user.address, ip: i % 5 ? "203.0.113.9" : null }),
      ),
    );
    const stored = (await handle.db.execute(
      sql`SELECT ip, subnet FROM sign_in_events WHERE address = ${user.address.toLowerCase()} ORDER BY ip NULLS FIRST`,
    )) as unknown as { rows: { ip: string | null; subnet: string | null }[] };
    expect(stored.rows).toEqual([
      { ip: null, subnet: null },
      { ip: "203.0.113.9", subnet: "203.0.113.0/24" },
    ]);
  });

  it("counts an IPv6 sign-in by its /64, as the faucet counts claims", async () => {
    const wallets = await Promise.all(
      Array.from({ length: 4 }, () => createTestSession(fresh(), { db: handle.db })),
    );
    for (const [i, w] of wallets.entries())
      await recordSignIn(handle.db, {
        userId: w.user.id,
        address: w.user.address,
        ip: `2001:db8:5:5::${i + 1}`,
      });
    const mine = new Set(wallets.map((w) => w.user.address.toLowerCase()));
    const ours = (await clientSightings(handle.db)).filter((s) => mine.has(s.address));
    expect(new Set(ours.map((s) => s.ip)).size).toBe(1);
    await runSybilScoring(handle.db, { force: true });
    const clusters = (await handle.db.execute(
      sql`SELECT size FROM sybil_clusters WHERE kind = 'shared_ip' AND key = ${ours[0]?.ip ?? ""}`,
    )) as unknown as { rows: { size: number }[] };
    expect(clusters.rows.map((r) => Number(r.size))).toEqual([4]);
  });
});
