import { conflict } from "@/server/errors";

/**
 * Two operators editing the same task, question or article: the second save would silently replace
 * the first. A console form sends the `updatedAt` it was opened with; when the row (read FOR UPDATE
 * by the caller, so a concurrent save waits) has been saved since, this refuses the save before
 * anything is written (docs/api.md, "Edit conflicts").
 *
 * Compared to the millisecond: the answers carry JavaScript dates, while a seeded row's
 * `updated_at` (the database's `now()`) has microseconds, which both readers drop the same way.
 */
export function refuseStaleEdit(what: string, current: Date, base: string | undefined): void {
  if (base === undefined || current.getTime() === Date.parse(base)) return;
  throw conflict(
    `Someone else saved this ${what} after you opened it, so your changes were not saved. Close the form and open it again to see their version.`,
    "EDIT_CONFLICT",
  );
}
