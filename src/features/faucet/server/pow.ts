import { createHmac } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { badRequest, conflict } from "@/server/errors";
import type { PowChallenge } from "../schema";
import { queryRows } from "./rows";
import type { FaucetSettings } from "./settings";

/**
 * The faucet's proof of work (ALTCHA, self-hosted; docs/api.md "Faucet"). A challenge is
 * HMAC-signed with a key derived from the session secret, so any web process can check it without
 * state; it carries its expiry in the salt. A solved challenge is recorded until it expires, so
 * each one pays for one claim at most, on every process (the record is in the database).
 */

const ALGORITHM = "SHA-256";

function hmacKey(): string {
  return createHmac("sha256", config().sessionSecret).update("aurum:faucet-pow:v1").digest("hex");
}

export async function createFaucetChallenge(
  settings: Pick<FaucetSettings, "pow">,
  now = new Date(),
): Promise<PowChallenge> {
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    hmacKey: hmacKey(),
    maxnumber: settings.pow.maxNumber,
    expires: new Date(now.getTime() + settings.pow.ttlSeconds * 1000),
  });
  return {
    algorithm: ALGORITHM,
    challenge: challenge.challenge,
    salt: challenge.salt,
    signature: challenge.signature,
    maxnumber: settings.pow.maxNumber,
  };
}

const payloadSchema = z.object({
  algorithm: z.literal(ALGORITHM),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().min(0).max(100_000_000),
  salt: z.string().min(1).max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

const INVALID = "The proof of work is missing or invalid. Reload the page and press Claim again.";

/** Decodes the widget's base64 JSON payload; anything malformed is a 400, never a 500. */
export function decodePowPayload(altcha: string): z.infer<typeof payloadSchema> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(altcha, "base64").toString("utf8"));
  } catch {
    throw badRequest(INVALID, "POW_INVALID");
  }
  const result = payloadSchema.safeParse(parsed);
  if (!result.success) throw badRequest(INVALID, "POW_INVALID");
  return result.data;
}

/** The expiry the challenge's salt carries (seconds since the epoch), or null without one. */
export function expiryOf(salt: string): Date | null {
  const params = new URLSearchParams(salt.split("?")[1] ?? "");
  const expires = Number(params.get("expires"));
  const at = Number.isFinite(expires) && expires > 0 ? new Date(expires * 1000) : null;
  // Past what a Date can hold it is Invalid Date, which the database statement could not take.
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/**
 * Checks the solution and spends the challenge. Throws 400 (invalid), 400 POW_EXPIRED or 409
 * POW_USED. Runs before anything of the claim is written.
 *
 * Expiry is judged by the database's clock, in the statement that records the spend: spent records
 * are swept by that clock too, and a web process whose own clock lagged it would accept a swept
 * solution again (and one running ahead would refuse valid ones). One clock for both, no skew.
 */
export async function spendPow(db: Db, altcha: string): Promise<void> {
  const payload = decodePowPayload(altcha);
  const expires = expiryOf(payload.salt);
  if (!expires) throw badRequest(INVALID, "POW_INVALID");
  if (!(await verifySolution(payload, hmacKey(), false))) throw badRequest(INVALID, "POW_INVALID");
  // Forget spent challenges that can no longer be replayed anyway (bounded table).
  await db.execute(sql`DELETE FROM faucet_pow_used WHERE expires_at < now() - interval '1 minute'`);
  const until = expires.toISOString();
  const [row] = await queryRows<{ live: boolean; spent: boolean }>(
    db,
    sql`WITH spend AS (
          INSERT INTO faucet_pow_used (challenge, expires_at)
          SELECT ${payload.challenge}, ${until}::timestamptz WHERE ${until}::timestamptz > now()
          ON CONFLICT (challenge) DO NOTHING RETURNING challenge)
        SELECT ${until}::timestamptz > now() AS live, EXISTS (SELECT 1 FROM spend) AS spent`,
  );
  if (!row?.live) {
    throw badRequest("The proof of work expired. Press Claim again to solve a new one.", "POW_EXPIRED");
  }
  if (!row.spent) {
    throw conflict("This proof of work was already used. Press Claim again to solve a new one.", "POW_USED");
  }
}
