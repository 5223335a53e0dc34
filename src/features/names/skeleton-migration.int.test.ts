import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { openDb } from "@/db/client";
import { migrate, readMigrations } from "@/db/migrate";
import { scratchDatabase } from "../../../test/scratch-db";
import { checkName, nameSkeleton } from "./rules";

// Migration 0026 on a database that has names from before it: the skeletons are recomputed with
// nameSkeleton's rule (in SQL), and names that now read alike keep only the older registration.
// PostgreSQL when TEST_DATABASE_URL is set, else an in-memory PGlite.

const MIGRATION = "0026_name_skeletons.sql";

/** The rule names were stored with before 0026 (shortening from the left). */
const oldSkeleton = (n: string) =>
  n.replace(/rn/g, "m").replace(/vv/g, "w").replace(/0/g, "o").replace(/[1i]/g, "l");

type Row = { name: string; at: string };

// Pairs that read alike but had two old skeletons (`vvvault` → `wvault`, `vwault` → `vwault`).
const COLLIDING: Row[] = [
  { name: "vwault", at: "2025-01-01T00:00:00Z" }, // older: kept
  { name: "vvvault", at: "2025-02-01T00:00:00Z" },
  { name: "wvbox", at: "2025-03-01T00:00:00Z" }, // same time: the name's order decides
  { name: "vwbox", at: "2025-03-01T00:00:00Z" },
  { name: "wwvtail", at: "2025-04-03T00:00:00Z" }, // three readings of `vvvvvtail`
  { name: "vwwtail", at: "2025-04-01T00:00:00Z" },
  { name: "wvwtail", at: "2025-04-02T00:00:00Z" },
];
const KEPT = ["vwault", "vwbox", "vwwtail"];
const REVOKED = ["vvvault", "wvbox", "wvwtail", "wwvtail"];

/** Every 4-character name over the look-alike characters, one per (new) skeleton. */
function oneNamePerSkeleton(): string[] {
  const alphabet = ["r", "n", "m", "v", "w", "0", "o", "1", "l", "i"];
  const bySkeleton = new Map<string, string>();
  for (const a of alphabet)
    for (const b of alphabet)
      for (const c of alphabet)
        for (const d of alphabet) {
          const name = a + b + c + d;
          if (checkName(name).ok && !bySkeleton.has(nameSkeleton(name)))
            bySkeleton.set(nameSkeleton(name), name);
        }
  return [...bySkeleton.values()];
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const address = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

let handle: DbHandle;
let drop = async () => {};
let applied: string[];
let plain: string[];

async function seed(db: DbHandle["db"], all: Row[]) {
  const values = all.map((r, i) => `('${r.name}', '${oldSkeleton(r.name)}', '${address(i + 1)}', '${r.at}')`);
  await db.execute(
    sql.raw(`INSERT INTO users (address, referral_code)
      SELECT v.address, 'code-' || v.name FROM (VALUES ${values.join(",")}) v(name, skeleton, address, at)`),
  );
  await db.execute(
    sql.raw(`INSERT INTO account_names (name, skeleton, address, user_id, coin_type, message, signature, registered_at)
      SELECT v.name, v.skeleton, v.address, u.id, 2147582847, 'm', '0x', v.at::timestamptz
      FROM (VALUES ${values.join(",")}) v(name, skeleton, address, at) JOIN users u ON u.address = v.address`),
  );
}

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const scratch = await scratchDatabase(base, "aurum_skel");
    handle = await openDb({ databaseUrl: scratch.url });
    drop = scratch.drop;
  } else {
    handle = await openDb({ memory: true });
  }
  const files = readMigrations();
  await migrate(
    handle,
    files.filter((f) => f.name < MIGRATION),
  );
  plain = oneNamePerSkeleton();
  await seed(handle.db, [...plain.map((name) => ({ name, at: "2024-06-01T00:00:00Z" })), ...COLLIDING]);
  applied = await migrate(handle, files);
});

afterAll(async () => {
  await handle?.close();
  await drop();
});

describe("migration 0026: look-alike skeletons recomputed", () => {
  it("runs once, after the migrations before it", () => {
    expect(applied[0]).toBe(MIGRATION);
  });

  it("gives every kept row the skeleton nameSkeleton computes (SQL and TypeScript agree)", async () => {
    const stored = rows<{ name: string; skeleton: string }>(
      await handle.db.execute(sql`SELECT name, skeleton FROM account_names ORDER BY name`),
    );
    expect(stored.length).toBe(plain.length + KEPT.length);
    expect(stored.filter((r) => r.skeleton !== nameSkeleton(r.name))).toEqual([]);
    expect(stored.map((r) => r.name)).toEqual([...plain, ...KEPT].sort());
  });

  it("keeps the older of two look-alikes and revokes the newer, audit-logged like an operator's revoke", async () => {
    const left = rows<{ name: string }>(
      await handle.db.execute(sql`SELECT name FROM account_names WHERE name IN ${[...KEPT, ...REVOKED]}`),
    );
    expect(left.map((r) => r.name).sort()).toEqual([...KEPT].sort());

    const audit = rows<{ actor: string; action: string; target: string; before: unknown; after: unknown }>(
      await handle.db.execute(
        sql`SELECT actor, action, target, before, after FROM audit_log WHERE actor = 'migration:0026' ORDER BY id`,
      ),
    );
    const addressOf = (name: string) =>
      address(plain.length + COLLIDING.findIndex((r) => r.name === name) + 1);
    const entry = (name: string, kept: string) => ({
      actor: "migration:0026",
      action: "names.revoke",
      target: addressOf(name),
      before: {
        name,
        address: addressOf(name),
        registered_at: Date.parse(COLLIDING.find((r) => r.name === name)?.at ?? "") / 1000,
      },
      after: {
        reason: `looks too much like ${kept}, registered earlier (look-alike rule fixed, migration 0026)`,
        kept,
      },
    });
    expect(audit).toEqual([
      entry("vvvault", "vwault"),
      entry("wvbox", "vwbox"),
      entry("wvwtail", "vwwtail"),
      entry("wwvtail", "vwwtail"),
    ]);
  });

  it("rebuilds the unique skeleton index: a look-alike of a kept name cannot be inserted", async () => {
    const insert = (name: string) =>
      handle.db.execute(sql`INSERT INTO account_names (name, skeleton, address, user_id, coin_type, message, signature)
        SELECT ${name}, ${nameSkeleton(name)}, address, id, 2147582847, 'm', '0x' FROM users
        WHERE address = ${address(plain.length + 2)}`);
    let code: unknown;
    try {
      await insert("wvault");
    } catch (err) {
      let e: unknown = err;
      while (e && typeof e === "object" && !("code" in e) && "cause" in e)
        e = (e as { cause: unknown }).cause;
      code = (e as { code?: unknown }).code;
    }
    expect(code).toBe("23505");
    const constraint = rows<{ contype: string }>(
      await handle.db.execute(
        sql`SELECT contype FROM pg_constraint WHERE conname = 'account_names_skeleton_unique'`,
      ),
    );
    expect(constraint).toEqual([{ contype: "u" }]);
  });
});
