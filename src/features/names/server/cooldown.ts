import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { ApiError } from "@/server/errors";
import { rowOfAddress } from "./records";

// The rename cooldown, in one place: the message route checks it BEFORE the wallet is asked to sign
// (a signature the server already knows it will refuse is a wasted, confusing prompt), the
// registration checks it again (the message may have been issued before the first registration),
// and the suggestions route tells the modal up front when the next rename is possible.

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** `1 minute`, `2 minutes`: the unit's plural by count. */
const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * "You can change your name again in …" for `left` seconds, rounded UP in the largest unit that
 * fits (never promises a rename earlier than the server allows): under an hour in minutes, under a
 * day in hours, else in days. 30 s → 1 minute; 3600 s → 1 hour; 3601 s → 2 hours; 86 400 s → 1 day.
 */
export function cooldownSentence(left: number): string {
  const wait =
    left < HOUR
      ? count(Math.max(1, Math.ceil(left / MINUTE)), "minute")
      : left < DAY
        ? count(Math.ceil(left / HOUR), "hour")
        : count(Math.ceil(left / DAY), "day");
  return `You can change your name again in ${wait}.`;
}

/** 409 RENAME_COOLDOWN; `availableAt` (Unix seconds) goes into the body where a route can add it. */
export class RenameCooldownError extends ApiError {
  constructor(
    left: number,
    readonly availableAt: number,
  ) {
    super(409, "RENAME_COOLDOWN", cooldownSentence(left), { "Retry-After": String(left) });
  }
}

/** The end of the cooldown of a name registered at `registeredAt`, in milliseconds. */
const cooldownEnd = (registeredAt: Date) =>
  registeredAt.getTime() + config().NAMES_RENAME_COOLDOWN_SECONDS * 1000;

/**
 * Unix seconds (rounded up) from which a name registered at `registeredAt` may be renamed, or null
 * when it may be renamed now.
 */
export function renameAvailableAt(registeredAt: Date, now = new Date()): number | null {
  const end = cooldownEnd(registeredAt);
  return end > now.getTime() ? Math.ceil(end / 1000) : null;
}

/** The one cooldown check: throws RenameCooldownError while a rename of this name must wait. */
export function assertCooldownOver(registeredAt: Date, now: Date): void {
  const end = cooldownEnd(registeredAt);
  // Seconds left from the exact end (rounding the end first could turn 1 day into "2 days").
  const left = Math.ceil((end - now.getTime()) / 1000);
  if (left > 0) throw new RenameCooldownError(left, Math.ceil(end / 1000));
}

/**
 * Before issuing a message for `label`: refuses it when registering would be a rename still inside
 * the cooldown. No name yet, or the address's own current name (a no-op), is never refused.
 */
export async function assertMayRegister(db: Db, address: string, label: string, now = new Date()) {
  const current = await rowOfAddress(db, address);
  if (current && current.name !== label) assertCooldownOver(current.registeredAt, now);
}
