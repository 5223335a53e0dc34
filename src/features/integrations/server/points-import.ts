import { parse } from "csv-parse/sync";
import { type Address, getAddress, isAddress } from "viem";
import type { Db } from "@/db/client";
import { findOrCreateUser } from "@/features/auth/server";
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
  errors: { line: number; message: string }[];
};

/**
 * Credits points earned on quest platforms from a CSV `address,points,reason,source_key`: one ledger
 * entry per row, exactly once per `source_key` (re-importing the same file credits nothing). Bad rows
 * are reported by line and skipped; good rows are credited. An address that never signed in gets its
 * participant row now, so the points wait for them.
 */
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
  const report: ImportReport = { rows: body.length, credited: 0, duplicates: 0, errors: [] };
  for (const [i, rec] of body.entries()) {
    const line = i + 2;
    const problem = rowProblem(rec);
    if (problem) {
      report.errors.push({ line, message: problem });
      continue;
    }
    const [address, points, reason, sourceKey] = rec as [string, string, string, string];
    const { user } = await findOrCreateUser(db, getAddress(address) as Address);
    const result = await creditPoints(db, {
      userId: user.id,
      points: Number(points),
      reason,
      source: "adjustment",
      sourceKey: `import:${sourceKey}`,
    });
    if (result.credited) report.credited++;
    else report.duplicates++;
  }
  await recordAudit(db, {
    actor,
    action: "points.import",
    target: "points_ledger",
    after: {
      rows: report.rows,
      credited: report.credited,
      duplicates: report.duplicates,
      errors: report.errors.length,
    },
  });
  return report;
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
