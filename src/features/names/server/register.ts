import { and, eq, sql } from "drizzle-orm";
import { type Address, getAddress, type Hex } from "viem";
import { testnetClient } from "@/chain/clients";
import type { Db } from "@/db/client";
import { accountNames } from "@/db/schema";
import { config } from "@/server/config";
import { ApiError, badRequest, forbidden } from "@/server/errors";
import { logger } from "@/server/logger";
import { chainOfCoinType, checkName, coinTypeOfChain, fullName, NAME_ERRORS, nameSkeleton } from "../rules";
import type { NameRecord, RegisterBody } from "../schema";
import { assertCooldownOver } from "./cooldown";
import { checkIssuedMessage, consumeMessage } from "./message";
import { forgetPrimaryNames, rowOfAddress, toRecord } from "./records";
import { isBuiltOnReservedName } from "./reserved";
import { suggestNames } from "./suggestions";

/** A label from a path or query (`Alice`, `alice.aurum`) folded, or a 400 with the first failing rule. */
export function requireLabel(raw: string): string {
  const trimmed = raw.trim();
  const suffix = `.${config().namesZone}`;
  const label = trimmed.toLowerCase().endsWith(suffix) ? trimmed.slice(0, -suffix.length) : trimmed;
  const check = checkName(label);
  if (!check.ok) throw badRequest(check.message, "INVALID_NAME");
  return check.name;
}

/** The coin type names are registered under: the testnet's. 'Invalid chainId' past 2^31 − 1. */
export function coinTypeFor(chainId: number | undefined): number {
  const id = chainId ?? config().TESTNET_CHAIN_ID;
  let coinType: number;
  try {
    coinType = coinTypeOfChain(id);
  } catch {
    throw badRequest(NAME_ERRORS.invalidChainId, "INVALID_CHAIN_ID");
  }
  if (id !== config().TESTNET_CHAIN_ID) {
    throw badRequest(
      `Names are registered on chain ${config().TESTNET_CHAIN_ID} only, not on chain ${id}.`,
      "INVALID_CHAIN_ID",
    );
  }
  return coinType;
}

export type Availability =
  | { available: true; reason: null }
  | { available: false; reason: string; code: "NAME_RESERVED" | "NAME_TAKEN" };

/**
 * Free, reserved (or built on a reserved word), taken, or a look-alike of a taken name (each with the sentence the modal shows).
 * With `forAddress`, that address's own name and its look-alikes count as free (a rename).
 */
export async function availabilityOf(db: Db, label: string, forAddress?: string): Promise<Availability> {
  const zone = config().namesZone;
  // Not only the reserved words themselves: names built on one (`admin2`, `aurum-support`) read as
  // the operator wherever names are shown (reserved.ts, isBuiltOnReservedName).
  if (isBuiltOnReservedName(label)) {
    return { available: false, code: "NAME_RESERVED", reason: `${fullName(label, zone)} is reserved.` };
  }
  const [row] = await db
    .select({ name: accountNames.name, address: accountNames.address })
    .from(accountNames)
    .where(eq(accountNames.skeleton, nameSkeleton(label)));
  // The holder of the skeleton may take any spelling of it (`rnoon` renamed to `moon`): the rename
  // updates that one row, so the old spelling is released in the same write and nobody else can
  // hold a look-alike in between. Against every OTHER holder the skeleton stays unique.
  if (!row || (forAddress && row.address === forAddress.toLowerCase())) {
    return { available: true, reason: null };
  }
  return {
    available: false,
    code: "NAME_TAKEN",
    reason:
      row.name === label
        ? `${fullName(label, zone)} is taken.`
        : `${fullName(label, zone)} looks too much like ${fullName(row.name, zone)}, which is taken.`,
  };
}

async function unavailable(db: Db, label: string, a: Exclude<Availability, { available: true }>) {
  if (a.code === "NAME_RESERVED") return badRequest(a.reason, "NAME_RESERVED");
  return new TakenError(a.reason, await suggestNames(db, label));
}

/** 409 with free alternatives (the route puts them in the body). */
export class TakenError extends ApiError {
  constructor(
    message: string,
    readonly suggestions: string[],
  ) {
    super(409, "NAME_TAKEN", message);
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function signatureMatches(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    // Plain-key signatures are recovered locally; smart accounts (ERC-1271 / ERC-6492) ask the chain.
    return await testnetClient().verifyMessage({ address, message, signature, mode: "eoa" });
  } catch (err) {
    logger.warn({ err }, "name signature check could not reach the chain");
    throw new ApiError(
      503,
      "SIGNATURE_CHECK_UNAVAILABLE",
      "Could not reach the network to check this wallet's signature. Please try again in a moment.",
    );
  }
}

export type Registrant = { userId: string; address: string };

/**
 * `POST /api/profile/account`. Checks, cheapest first: the address is the session's, the message is
 * ours, unchanged, unused and fresh, the coin type and address match it, the name passes the rules
 * and is free, the rename cooldown is over, the signature is the address's. Only then is the nonce
 * used up and the row written; the unique indexes decide races (exactly one of two wins).
 */
export async function registerName(
  db: Db,
  who: Registrant,
  body: RegisterBody,
  now = new Date(),
): Promise<{ record: NameRecord; created: boolean }> {
  const address = getAddress(body.address);
  if (address.toLowerCase() !== who.address.toLowerCase()) {
    throw forbidden(
      "You can only register a name for the address you are signed in with.",
      "ADDRESS_MISMATCH",
    );
  }
  const fields = await checkIssuedMessage(db, who.userId, body.message, now);
  if (fields.address !== address) throw badRequest("The message names another address.", "INVALID_MESSAGE");
  if (fields.coinType !== body.coin_type || chainOfCoinType(body.coin_type) === null) {
    throw badRequest(`coin_type must be ${fields.coinType}, as in the message.`, "INVALID_COIN_TYPE");
  }
  const label = requireLabel(fields.label);
  const lower = address.toLowerCase();

  const current = await rowOfAddress(db, lower);
  if (current?.name === label) return { record: toRecord(current), created: false };
  const availability = await availabilityOf(db, label, lower);
  if (!availability.available) throw await unavailable(db, label, availability);
  if (current) assertCooldownOver(current.registeredAt, now);

  if (!(await signatureMatches(address, body.message, body.signature as Hex))) {
    throw new ApiError(401, "SIGNATURE_INVALID", "The signature does not match the address in the message.");
  }
  await consumeMessage(db, who.userId, fields.nonce);

  const values = {
    name: label,
    skeleton: nameSkeleton(label),
    coinType: body.coin_type,
    message: body.message,
    signature: body.signature,
    registeredAt: sql`now()`,
    updatedAt: sql`now()`,
  };
  let rows: (typeof accountNames.$inferSelect)[];
  try {
    rows = current
      ? await db
          .update(accountNames)
          .set(values)
          // Only the row we checked: a rename racing another rename of the same address loses here.
          .where(and(eq(accountNames.address, lower), eq(accountNames.name, current.name)))
          .returning()
      : await db
          .insert(accountNames)
          .values({ ...values, address: lower, userId: who.userId })
          .returning();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const mine = await rowOfAddress(db, lower);
    // The same name by the same address in two requests: both answer with the one row.
    if (mine?.name === label) return { record: toRecord(mine), created: false };
    if (mine && mine.name !== current?.name) throw changedMeanwhile();
    const again = await availabilityOf(db, label, lower);
    throw again.available ? changedMeanwhile() : await unavailable(db, label, again);
  }
  forgetPrimaryNames();
  const row = rows[0];
  if (!row) throw changedMeanwhile();
  logger.info({ userId: who.userId, name: label, renamed: Boolean(current) }, "name registered");
  return { record: toRecord(row), created: true };
}

const changedMeanwhile = () =>
  new ApiError(
    409,
    "CONFLICT",
    "Your name changed in another request at the same time. Reload and try again.",
  );
