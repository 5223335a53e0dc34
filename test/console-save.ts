import type { Db } from "@/db/client";

/**
 * An operator's console save held open before it commits, for the seeders' race tests: `write` runs
 * inside the transaction (lock the row, change it, mark it edited in console_edits, as the console's
 * saves do), then the transaction waits for `commit()`; `done` settles once it has committed. On
 * PostgreSQL a seeder started meanwhile waits for the row; PGlite runs one transaction at a time, so
 * there the seeder simply runs after the save.
 */
export async function heldConsoleSave(
  db: Db,
  write: (tx: Db) => Promise<void>,
): Promise<{ commit: () => void; done: Promise<void> }> {
  let commit: () => void = () => {};
  let written: () => void = () => {};
  const ready = new Promise<void>((r) => (written = r));
  const done = db.transaction(async (tx) => {
    await write(tx as unknown as Db);
    written();
    await new Promise<void>((r) => (commit = r));
  });
  await ready;
  return { commit: () => commit(), done };
}

/** Time for a seeder started after heldConsoleSave to reach the held row and wait for it. */
export const untilBlocked = () => new Promise((r) => setTimeout(r, 200));
