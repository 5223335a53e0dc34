import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accountNames } from "@/db/schema";
import { recordAudit } from "@/server/audit";
import { notFound } from "@/server/errors";
import type { NameRecord } from "../schema";
import { forgetPrimaryNames, toRecord } from "./records";

/**
 * Operator revocation: the name is released (anyone may register it again; add it to
 * NAMES_DENY_LIST to keep it out) and the audit log gets the row as it was, in one transaction.
 */
export async function revokeName(db: Db, actor: string, label: string): Promise<NameRecord> {
  const out = await db.transaction(async (tx) => {
    const [row] = await tx.delete(accountNames).where(eq(accountNames.name, label)).returning();
    if (!row) throw notFound("No one has this name.", "NAME_NOT_FOUND");
    const record = toRecord(row);
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "names.revoke",
      target: row.address,
      before: { name: record.name, address: row.address, registered_at: record.registered_at },
      after: null,
    });
    return record;
  });
  forgetPrimaryNames();
  return out;
}
