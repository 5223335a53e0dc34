import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { type Address, getAddress } from "viem";
import type { Db } from "@/db/client";
import { nameNonces } from "@/db/schema";
import { ApiError, badRequest } from "@/server/errors";

/** A registration message is good for 10 minutes after it was issued, and for one use. */
export const NAME_MESSAGE_TTL_SECONDS = 600;

export type RegistrationTerms = {
  host: string;
  name: string;
  address: Address;
  zone: string;
  coinType: number;
  /** Unix seconds. */
  timestamp: number;
  nonce: string;
};

/** The exact text the wallet signs (personal_sign). Everything the server later relies on is in it. */
export function registrationMessage(t: RegistrationTerms): string {
  return [
    `${t.host} asks you to register the name ${t.name} for your address.`,
    "",
    "Signing is free: it sends no transaction and moves no funds.",
    "",
    `Name: ${t.name}`,
    `Address: ${t.address}`,
    `Zone: ${t.zone}`,
    `Coin type: ${t.coinType}`,
    `Timestamp: ${t.timestamp}`,
    `Nonce: ${t.nonce}`,
  ].join("\n");
}

/** Reads the fields back out of a message this server issued (null when it is not one). */
export function readRegistrationMessage(
  message: string,
): (Omit<RegistrationTerms, "host" | "zone"> & { label: string }) | null {
  const field = (key: string) => new RegExp(`^${key}: (.+)$`, "m").exec(message)?.[1];
  const name = field("Name");
  const address = field("Address");
  const coinType = field("Coin type");
  const timestamp = field("Timestamp");
  const nonce = field("Nonce");
  if (!name || !address || !coinType || !timestamp || !nonce) return null;
  if (!/^0x[0-9a-fA-F]{40}$/.test(address) || !/^\d{1,10}$/.test(coinType) || !/^\d{1,12}$/.test(timestamp))
    return null;
  if (!/^[0-9a-f]{64}$/.test(nonce)) return null;
  const dot = name.indexOf(".");
  return {
    name,
    label: dot === -1 ? name : name.slice(0, dot),
    address: getAddress(address),
    coinType: Number(coinType),
    timestamp: Number(timestamp),
    nonce,
  };
}

/** Stores a fresh message for the user and returns it. Expired ones are swept on the way. */
export async function issueRegistrationMessage(
  db: Db,
  userId: string,
  terms: Omit<RegistrationTerms, "nonce" | "timestamp">,
  now = new Date(),
): Promise<{ message: string; nonce: string; timestamp: number }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const nonce = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const timestamp = Math.floor(now.getTime() / 1000);
  const message = registrationMessage({ ...terms, nonce, timestamp });
  await db.delete(nameNonces).where(lt(nameNonces.expiresAt, sql`now()`));
  await db.insert(nameNonces).values({
    nonceHash: sha256Hex(nonce),
    userId,
    message,
    expiresAt: new Date((timestamp + NAME_MESSAGE_TTL_SECONDS) * 1000),
  });
  return { message, nonce, timestamp };
}

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

export const messageErrors = {
  malformed: () => badRequest("This is not a name registration message from this site.", "INVALID_MESSAGE"),
  changed: () =>
    badRequest(
      "The message is not the one this site issued. Ask for a new one and sign it unchanged.",
      "INVALID_MESSAGE",
    ),
  used: () =>
    new ApiError(
      401,
      "NONCE_INVALID",
      "This name request was already used or was not issued to you. Please try again.",
    ),
  stale: () =>
    new ApiError(401, "NONCE_EXPIRED", "This name request is more than 10 minutes old. Please try again."),
};

/**
 * Checks that a message is one we issued to this user, unchanged and fresh, WITHOUT using it up:
 * the nonce is only consumed once the signature is known to be good (see consumeMessage).
 */
export async function checkIssuedMessage(db: Db, userId: string, message: string, now = new Date()) {
  const fields = readRegistrationMessage(message);
  if (!fields) throw messageErrors.malformed();
  const [row] = await db
    .select({ userId: nameNonces.userId, message: nameNonces.message })
    .from(nameNonces)
    .where(eq(nameNonces.nonceHash, sha256Hex(fields.nonce)));
  if (!row || row.userId !== userId) throw messageErrors.used();
  if (row.message !== message) throw messageErrors.changed();
  const age = Math.floor(now.getTime() / 1000) - fields.timestamp;
  if (age > NAME_MESSAGE_TTL_SECONDS || age < -60) throw messageErrors.stale();
  return fields;
}

/** Uses the nonce up; DELETE … RETURNING is atomic, so of two replays only one gets the row. */
export async function consumeMessage(db: Db, userId: string, nonce: string): Promise<void> {
  const [row] = await db
    .delete(nameNonces)
    .where(and(eq(nameNonces.nonceHash, sha256Hex(nonce)), eq(nameNonces.userId, userId)))
    .returning({ nonceHash: nameNonces.nonceHash });
  if (!row) throw messageErrors.used();
}
