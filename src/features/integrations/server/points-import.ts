import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { type Address, getAddress, isAddress } from "viem";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { findOrCreateImportedUser } from "@/features/auth/server";
import { creditPoints } from "@/features/points/server";
import { recordAudit } from "@/server/audit";
import { badRequest } from "@/server/errors";

/** Rows in one import (a larger file is split by the operator); keeps one request bounded. */
export const MAX_IMPORT_ROWS = 10_000;
/** Bytes of one import: 10,000 rows of ~150 characters. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
const MAX_POINTS = 1_000_000;
const HEADER = ["address", "points", "reason", "source_key"];

export type ImportReport = {
  rows: number;
  credited: number;
  duplicates: number;
  excluded: number;
  errors: { line: number; message: string }[];
};

/**
 * Credits points earned on quest platforms from a CSV `address,points,reason,source_key`: one ledger
 * entry per row, exactly once per `source_key` (re-importing the same file credits nothing). Bad rows
 * are reported by line and skipped; good rows are credited. An address that never signed in gets its
 * row now, marked not signed in (findOrCreateImportedUser): the points wait for it, and its first
 * sign-in still binds its referrer and makes it a participant.
 *
 * Rows of excluded participants (participant_exclusions) are skipped: an excluded participant earns
 * nothing, and these are points earned, not an operator's adjustment (which the ledger still lets
 * through). They are not errors (the row is well formed, and importing the file again after a
 * restore credits it) nor duplicates: the answer and each part's audit entry count them as
 * `excluded`.
 *
 * Rows are credited in parts of IMPORT_CHUNK_ROWS, each part and its `points.import` audit entry
 * one transaction (docs/api.md, operator console): a failure credits nothing of its part, and sending
 * the file again is safe (the source keys). Parts, not the whole file: on PGlite (one connection)
 * every other request waits for an open transaction, and a whole 10,000-row file took ~25 s (~2.5 ms
 * a row), an outage for participants; a part holds it ~1 s. Imports take one advisory lock, so two
 * of them never wait on each other's rows in opposite orders (a deadlock).
 */
/** Rows per transaction of an import (see importPoints). */
const IMPORT_CHUNK_ROWS = 400;

export async function importPoints(db: Db, csv: string, actor: string): Promise<ImportReport> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (err) {
    throw badRequest(`The CSV could not be read: ${err instanceof Error ? err.message : "invalid CSV"}`);
  }
  const header = records[0]?.map((h) => h.toLowerCase());
  if (!header || HEADER.some((h, i) => header[i] !== h)) {
    throw badRequest(`The first line must be the header ${HEADER.join(",")}`);
  }
  const body = records.slice(1);
  if (body.length > MAX_IMPORT_ROWS) throw badRequest(`At most ${MAX_IMPORT_ROWS} rows per import`);
  const report: ImportReport = { rows: body.length, credited: 0, duplicates: 0, excluded: 0, errors: [] };
  const good: [string, string, string, string][] = [];
  for (const [i, rec] of body.entries()) {
    const problem = rowProblem(rec);
    if (problem) report.errors.push({ line: i + 2, message: problem });
    else good.push(rec as [string, string, string, string]);
  }
  const parts = Math.max(1, Math.ceil(good.length / IMPORT_CHUNK_ROWS));
  for (let part = 0; part < parts; part++) {
    const chunk = good.slice(part * IMPORT_CHUNK_ROWS, (part + 1) * IMPORT_CHUNK_ROWS);
    const done = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('aurum-points-import', 0))`);
      const excluded = await excludedAmong(
        t,
        chunk.map(([address]) => address.toLowerCase()),
      );
      let credited = 0;
      let skipped = 0;
      for (const [address, points, reason, sourceKey] of chunk) {
        if (excluded.has(address.toLowerCase())) {
          skipped++;
          continue;
        }
        const user = await findOrCreateImportedUser(t, getAddress(address) as Address);
        const result = await creditPoints(t, {
          userId: user.id,
          points: Number(points),
          reason,
          source: "adjustment",
          sourceKey: `import:${sourceKey}`,
        });
        if (result.credited) credited++;
      }
      await recordAudit(t, {
        actor,
        action: "points.import",
        target: "points_ledger",
        after: {
          rows: report.rows,
          part: `${part + 1}/${parts}`,
          credited,
          duplicates: chunk.length - credited - skipped,
          excluded: skipped,
          errors: report.errors.length,
        },
      });
      return { credited, skipped };
    });
    report.credited += done.credited;
    report.excluded += done.skipped;
    report.duplicates += chunk.length - done.credited - done.skipped;
  }
  return report;
}

/** Which of these (lower-case) addresses are excluded participants: one query per part. */
async function excludedAmong(db: Db, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const list = sql.join(
    addresses.map((a) => sql`${a}`),
    sql`, `,
  );
  const result = await db.execute(sql`SELECT address FROM participant_exclusions WHERE address IN (${list})`);
  return new Set(rowsOf<{ address: string }>(result).map((r) => r.address));
}

function rowProblem(rec: string[]): string | null {
  if (rec.length !== 4) return "Each row needs 4 columns: address,points,reason,source_key";
  const [address = "", points = "", reason = "", sourceKey = ""] = rec;
  if (!isAddress(address, { strict: false })) return "Invalid address";
  if (!/^\d{1,7}$/.test(points) || Number(points) < 1 || Number(points) > MAX_POINTS)
    return `points must be a whole number from 1 to ${MAX_POINTS}`;
  if (reason.length < 1 || reason.length > 200) return "reason must be 1 to 200 characters";
  if (!/^[\w.:-]{1,120}$/.test(sourceKey)) return "source_key must be 1 to 120 letters, digits, or . _ : -";
  return null;
}
