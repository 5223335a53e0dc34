import { type Options as CsvOptions, stringify } from "csv-stringify";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { notFound } from "@/server/errors";
import { logger } from "@/server/logger";
import { query, tableExists } from "./sql";

// CSV exports (issue 14 "Exports"): rows are read in keyset pages of PAGE and piped through
// csv-stringify, so 100,000 rows never sit in memory at once and the first bytes leave early.

const PAGE = 2000;
export const EXPORT_KINDS = ["participants", "ledger", "completions", "allocations", "audit"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

type Range = { from: Date; to: Date };
type Pager = (after: string | null) => Promise<{ rows: Record<string, unknown>[]; last: string | null }>;

/**
 * The options of every CSV the console exports. `escape_formulas`: a text cell that begins with `=`,
 * `+`, `-`, `@`, a tab or a CR (or the full-width `＝＋－＠`) is written with a leading `'`, as OWASP
 * recommends ("CSV Injection"), so a spreadsheet shows it as text instead of running it as a formula:
 * ledger reasons come from points-import CSVs and adjustments, round and tier names from the console,
 * and any of them may be `=HYPERLINK(…)`. Text only: numbers stay numbers, so numeric columns are
 * passed as JS numbers (a -50 adjustment is written -50, not '-50); amounts are unsigned decimal text.
 */
const CSV_OPTIONS = {
  header: true,
  escape_formulas: true,
  cast: { boolean: (b: boolean) => String(b) },
} as const satisfies CsvOptions;

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : "");

/**
 * The primary name (`alice.aurum`, issue 16) of the address column `col`, as SQL: one LEFT JOIN on
 * account_names' unique address per page (namesFor takes at most 1,000 addresses, a page is 2,000).
 * Full name = label + "." + zone, as features/names/rules.ts fullName builds it.
 */
const nameOf = (col: ReturnType<typeof sql>) =>
  sql`(SELECT n.name || '.' || ${config().namesZone} FROM account_names n WHERE n.address = lower(${col}))`;

function pagerFor(db: Db, kind: ExportKind, r: Range): { columns: string[]; next: Pager } {
  switch (kind) {
    case "participants":
      return {
        columns: ["address", "name", "referral_code", "referrer", "referrer_name", "points", "joined_at"],
        next: async (after) => {
          const rows = await query<{
            id: string;
            address: string;
            referral_code: string;
            referrer: string | null;
            referrer_name: string | null;
            name: string | null;
            total: string | null;
            first_sign_in_at: string;
          }>(
            db,
            // Who joined (first signed in) in the range: an address the points import added and
            // that has not signed in is not a participant yet.
            sql`SELECT u.id, u.address, ${nameOf(sql`u.address`)} AS name, u.referral_code, r.address AS referrer,
                       ${nameOf(sql`r.address`)} AS referrer_name, t.total, u.first_sign_in_at
                FROM users u LEFT JOIN users r ON r.id = u.referrer_id LEFT JOIN points_totals t ON t.user_id = u.id
                WHERE u.first_sign_in_at >= ${r.from} AND u.first_sign_in_at < ${r.to} ${after ? sql`AND u.id > ${after}` : sql``}
                ORDER BY u.id LIMIT ${PAGE}`,
          );
          return {
            rows: rows.map((x) => ({
              address: x.address,
              name: x.name ?? "",
              referral_code: x.referral_code,
              referrer: x.referrer ?? "",
              referrer_name: x.referrer_name ?? "",
              points: Number(x.total ?? 0),
              joined_at: iso(x.first_sign_in_at),
            })),
            last: rows.at(-1)?.id ?? null,
          };
        },
      };
    case "ledger":
    case "completions":
      return {
        columns: ["id", "address", "name", "points", "source", "task_id", "reason", "created_at"],
        next: async (after) => {
          const rows = await query<{
            id: string;
            address: string;
            name: string | null;
            points: number;
            source: string;
            task_id: string | null;
            reason: string;
            created_at: string;
          }>(
            db,
            sql`SELECT l.id, u.address, ${nameOf(sql`u.address`)} AS name, l.points, l.source, l.task_id, l.reason, l.created_at
                FROM points_ledger l JOIN users u ON u.id = l.user_id
                WHERE l.created_at >= ${r.from} AND l.created_at < ${r.to}
                ${kind === "completions" ? sql`AND l.source = 'task'` : sql``}
                ${after ? sql`AND l.id > ${Number(after)}` : sql``}
                ORDER BY l.id LIMIT ${PAGE}`,
          );
          return {
            rows: rows.map((x) => ({
              ...x,
              id: Number(x.id),
              name: x.name ?? "",
              points: Number(x.points),
              task_id: x.task_id ?? "",
              created_at: iso(x.created_at),
            })),
            last: rows.length ? String(rows.at(-1)?.id) : null,
          };
        },
      };
    case "audit":
      return {
        // `name` is the actor's primary name.
        columns: ["id", "created_at", "actor", "name", "action", "target", "before", "after"],
        next: async (after) => {
          const rows = await query<{
            id: string;
            created_at: string;
            actor: string;
            name: string | null;
            action: string;
            target: string;
            before: unknown;
            after: unknown;
          }>(
            db,
            sql`SELECT id, created_at, actor, ${nameOf(sql`actor`)} AS name, action, target, before, after FROM audit_log
                WHERE created_at >= ${r.from} AND created_at < ${r.to} ${after ? sql`AND id > ${Number(after)}` : sql``}
                ORDER BY id LIMIT ${PAGE}`,
          );
          return {
            rows: rows.map((x) => ({
              ...x,
              id: Number(x.id),
              name: x.name ?? "",
              created_at: iso(x.created_at),
              before: x.before == null ? "" : JSON.stringify(x.before),
              after: x.after == null ? "" : JSON.stringify(x.after),
            })),
            last: rows.length ? String(rows.at(-1)?.id) : null,
          };
        },
      };
    case "allocations":
      // Every airdrop round whose snapshot falls in the range, in claim-index order (keyset pages).
      return {
        columns: [
          "round_id",
          "round",
          "index",
          "address",
          "name",
          "amount",
          "points",
          "tier",
          "multiplier_bps",
          "capped",
        ],
        next: async (after) => {
          const [afterRound = "", afterIndex = "-1"] = (after ?? "").split("/");
          const rows = await query<{
            round_id: string;
            round: string;
            index: number;
            address: string;
            name: string | null;
            amount: string;
            points: string | number;
            tier: string;
            multiplier_bps: number;
            capped: number;
          }>(
            db,
            sql`SELECT a.round_id, r.name AS round, a.index, a.address, ${nameOf(sql`a.address`)} AS name, a.amount::text AS amount, a.points,
                       a.tier, a.multiplier_bps, a.capped
                FROM airdrop_allocations a JOIN airdrop_rounds r ON r.id = a.round_id
                WHERE r.snapshot_at >= ${r.from} AND r.snapshot_at < ${r.to}
                ${after ? sql`AND (a.round_id::text, a.index) > (${afterRound}, ${Number(afterIndex)})` : sql``}
                ORDER BY a.round_id::text, a.index LIMIT ${PAGE}`,
          );
          const last = rows.at(-1);
          return {
            rows: rows.map((x) => ({
              ...x,
              name: x.name ?? "",
              index: Number(x.index),
              points: Number(x.points),
            })),
            last: last ? `${last.round_id}/${last.index}` : null,
          };
        },
      };
  }
}

/**
 * The CSV as a web stream; 404 for allocations while no airdrop table exists. A failure after the
 * first bytes (a page query, the CSV writer) errors the stream, so the HTTP response is cut off
 * (Next.js destroys it) and the download visibly fails instead of ending as a complete-looking,
 * truncated file; the failure is logged.
 */
export async function exportCsv(db: Db, kind: ExportKind, range: Range): Promise<ReadableStream<Uint8Array>> {
  if (kind === "allocations" && !(await tableExists(db, "airdrop_allocations")))
    throw notFound(
      "There are no airdrop allocations yet: the airdrop has not been set up on this portal.",
      "EXPORT_NOT_AVAILABLE",
    );
  const { columns, next } = pagerFor(db, kind, range);
  let after: string | null = null;
  let rowsSent = 0;
  let done = false;
  // Set on a failure or a cancelled download: nothing more is read, written or enqueued.
  let stopped = false;
  let stringifier: ReturnType<typeof stringify> | null = null;
  const encoder = new TextEncoder();
  const fail = (controller: ReadableStreamDefaultController<Uint8Array>, err: unknown) => {
    if (stopped) return;
    stopped = true;
    logger.error(
      { err: err instanceof Error ? err.message : String(err), kind, rowsSent },
      "CSV export failed mid-stream; the download is cut off",
    );
    stringifier?.destroy();
    controller.error(err instanceof Error ? err : new Error(String(err)));
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (done || stopped) return;
      try {
        const page = await next(after);
        if (!stringifier) {
          const cols = columns.length ? columns : Object.keys(page.rows[0] ?? {});
          stringifier = stringify({ ...CSV_OPTIONS, columns: cols });
          stringifier.on("data", (chunk: Buffer | string) => {
            if (!stopped)
              controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : new Uint8Array(chunk));
          });
          stringifier.on("error", (err) => fail(controller, err));
        }
        const s = stringifier;
        for (const row of page.rows) s.write(row);
        rowsSent += page.rows.length;
        after = page.last;
        if (page.rows.length < PAGE) {
          done = true;
          await new Promise<void>((resolve, reject) => {
            s.on("end", resolve);
            s.on("close", resolve); // destroyed by a cancel: no "end" comes
            s.on("error", reject);
            s.end();
          });
          if (!stopped) controller.close();
        }
      } catch (err) {
        fail(controller, err);
      }
    },
    cancel() {
      // The client went away: stop writing.
      stopped = true;
      stringifier?.destroy();
    },
  });
}
