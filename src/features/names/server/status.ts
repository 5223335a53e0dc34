import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { fullName } from "../rules";
import type { NameSuggestions } from "../schema";
import { renameAvailableAt } from "./cooldown";
import { rowOfAddress } from "./records";
import { availabilityOf } from "./register";
import { suggestNames } from "./suggestions";

/**
 * `GET /api/profile/suggestions/{name}`: what the modal shows as the participant types. Signed in,
 * the answer is about registering the name for that address: its own name and a look-alike of it
 * are not "taken" (a rename keeps the skeleton in the same row), and `rename_available_at` says when
 * a rename is possible, so Register can be disabled with the date before the wallet is asked.
 */
export async function nameStatus(
  db: Db,
  label: string,
  address: string | null,
  now = new Date(),
): Promise<NameSuggestions> {
  const name = fullName(label, config().namesZone);
  const current = address ? await rowOfAddress(db, address) : undefined;
  const rename_available_at = current ? renameAvailableAt(current.registeredAt, now) : null;
  if (current?.name === label) {
    return {
      name,
      available: false,
      reason: `${name} is already your name.`,
      suggestions: [],
      rename_available_at,
    };
  }
  const availability = await availabilityOf(db, label, address ?? undefined);
  if (availability.available)
    return { name, available: true, reason: null, suggestions: [], rename_available_at };
  return {
    name,
    available: false,
    reason: availability.reason,
    // A reserved name gets no alternatives: each would be built on the reserved word (`admin2`).
    suggestions: availability.code === "NAME_RESERVED" ? [] : await suggestNames(db, label),
    rename_available_at,
  };
}
