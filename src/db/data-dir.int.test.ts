import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { postgresPass } from "../../test/db";
import { openDb, restrictDataDir } from "./client";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-datadir-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file and directory under `dir` with its permission bits. */
function modes(dir: string): { file: string; mode: number; isDir: boolean }[] {
  const out = [{ file: dir, mode: fs.statSync(dir).mode & 0o777, isDir: true }];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = path.join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) continue;
    out.push({ file: p, mode: fs.statSync(p).mode & 0o777, isDir: entry.isDirectory() });
  }
  return out;
}

describe.skipIf(postgresPass)("DATA_DIR permissions", () => {
  it("a PGlite database in DATA_DIR is private (dirs 0700, files 0600) even under umask 000", async () => {
    const previous = process.umask(0);
    try {
      const dataDir = path.join(root, "fresh", "pglite");
      const handle = await openDb({ dataDir });
      // Files created after start-up (a new table and its index) must be private too.
      await handle.exec("CREATE TABLE t (x int PRIMARY KEY); INSERT INTO t VALUES (1); CHECKPOINT;");
      await handle.close();
      const all = modes(path.join(root, "fresh"));
      expect(all.length).toBeGreaterThan(50);
      const wrong = all.filter((m) => m.mode !== (m.isDir ? 0o700 : 0o600));
      expect(wrong).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

  it("tightens what an older version left world-readable", () => {
    const dir = path.join(root, "old");
    fs.mkdirSync(path.join(dir, "pglite", "base"), { recursive: true, mode: 0o777 });
    fs.chmodSync(dir, 0o777);
    fs.writeFileSync(path.join(dir, "session-secret"), "x", { mode: 0o666 });
    fs.chmodSync(path.join(dir, "session-secret"), 0o666);
    fs.writeFileSync(path.join(dir, "pglite", "base", "1"), "x");
    fs.chmodSync(path.join(dir, "pglite", "base", "1"), 0o644);
    restrictDataDir(dir);
    const wrong = modes(dir).filter((m) => m.mode !== (m.isDir ? 0o700 : 0o600));
    expect(wrong).toEqual([]);
  });
});
