import { solveChallenge } from "altcha-lib/v1";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { ApiError } from "@/server/errors";
import { testDb } from "../../../../test/db";
import { createFaucetChallenge, decodePowPayload, spendPow } from "./pow";
import { queryRows } from "./rows";
import { faucetSettings } from "./settings";

// A solved challenge pays for one claim at most, on every process (pow.ts). Web processes are
// separate machines at scale and their clocks are not the database's: the expiry is judged by the
// database clock, the one spent records are swept by. A process clock that lags the database by
// 2 minutes once let a spent, swept solution be used again.
let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

async function dbNow(): Promise<number> {
  const [row] = await queryRows<{ now: string | Date }>(handle.db, sql`SELECT now() AS now`);
  return new Date(row?.now as string | Date).getTime();
}

async function solved(issuedAt: Date): Promise<string> {
  const c = await createFaucetChallenge(faucetSettings(), issuedAt);
  const s = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: s?.number,
    salt: c.salt,
    signature: c.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "spent",
    (err: unknown) => (err instanceof ApiError ? err.code : String(err)),
  );

/**
 * Spends `altcha` on a web process whose clock is `offsetMs` away from the database's (only Date is
 * faked: timers stay real). On PostgreSQL the database keeps its own clock. PGlite runs inside this
 * process and reads the faked clock too, so there the two cannot disagree: only "never spent twice"
 * can be checked, and the exact outcomes only on PostgreSQL (`ownClock`).
 */
async function spendAt(altcha: string, offsetMs: number, dbTime: number): Promise<string> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(dbTime + offsetMs);
  try {
    return await codeOf(spendPow(handle.db, altcha));
  } finally {
    vi.useRealTimers();
  }
}
const ownClock = () => handle.kind === "postgres";

describe("faucet proof of work, single use by the database clock", () => {
  it("refuses a spent, swept solution on a process whose clock lags the database by 2 minutes", async () => {
    const now = await dbNow();
    const ttl = faucetSettings().pow.ttlSeconds * 1000;
    // Issued ttl + 90 s ago: spent while it was valid, expired 90 s ago, so its record is swept.
    const altcha = await solved(new Date(now - ttl - 90_000));
    const { challenge, salt } = decodePowPayload(altcha);
    const expires = Number(new URLSearchParams(salt.split("?")[1]).get("expires"));
    await handle.db.execute(sql`INSERT INTO faucet_pow_used (challenge, expires_at)
      VALUES (${challenge}, to_timestamp(${expires}))`);

    const outcomes = [await spendAt(altcha, -120_000, now), await spendAt(altcha, 0, now)];
    expect(outcomes).not.toContain("spent");
    if (ownClock()) expect(outcomes).toEqual(["POW_EXPIRED", "POW_EXPIRED"]);
    const left = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM faucet_pow_used WHERE challenge = ${challenge}`,
    );
    expect(Number(left[0]?.n)).toBe(0);
  });

  it("a still-valid solution is spent once across processes whose clocks run ahead and behind", async () => {
    const now = await dbNow();
    const ttl = faucetSettings().pow.ttlSeconds * 1000;
    // Valid for another minute by the database clock; a process 5 minutes ahead sees it expired.
    const altcha = await solved(new Date(now - ttl + 60_000));
    const outcomes = [
      await spendAt(altcha, 300_000, now),
      await spendAt(altcha, -120_000, now),
      await spendAt(altcha, 0, now),
    ];
    expect(outcomes.filter((o) => o === "spent")).toHaveLength(1);
    if (ownClock()) expect(outcomes).toEqual(["spent", "POW_USED", "POW_USED"]);
  });

  it("answers a malformed expiry with 400 POW_INVALID, never a 500", async () => {
    for (const expires of ["1e300", "99999999999999", "-5", "soon"]) {
      const payload = {
        algorithm: "SHA-256",
        challenge: "a".repeat(64),
        number: 1,
        salt: `00?expires=${expires}&`,
        signature: "b".repeat(64),
      };
      const altcha = Buffer.from(JSON.stringify(payload)).toString("base64");
      expect(await codeOf(spendPow(handle.db, altcha))).toBe("POW_INVALID");
    }
  });

  it("of concurrent spends of one solution exactly one succeeds", async () => {
    const altcha = await solved(new Date(await dbNow()));
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => codeOf(spendPow(handle.db, altcha))));
    expect(outcomes.filter((o) => o === "spent")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "POW_USED")).toHaveLength(7);
  });
});
