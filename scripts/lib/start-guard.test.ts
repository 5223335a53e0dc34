import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataDir } from "../../src/db/data-dir-lock";
import { claimDataDir, dataDirInUse, filesHash, sourceHash } from "./start-guard";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-start-guard-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A small app tree, outside any git repository. */
function tree(): string {
  const dir = path.join(root, `app-${++n}`);
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  };
  write("package.json", "{}");
  write("src/app/page.tsx", "export default 1;");
  write("public/robots.txt", "User-agent: *");
  return dir;
}

describe("sourceHash without git", () => {
  it("is the same for the same sources, start after start (it was a timestamp: a rebuild every start)", () => {
    const dir = tree();
    expect(sourceHash(dir)).toBe(sourceHash(dir));
    expect(sourceHash(dir)).toBe(filesHash(dir));
    expect(sourceHash(dir)).toMatch(/^files-[0-9a-f]{64}$/);
  });

  it("changes with a file's content, name or a new file; not with mtimes, data or build output", () => {
    const dir = tree();
    const before = filesHash(dir);
    const page = path.join(dir, "src/app/page.tsx");
    const then = new Date(Date.now() - 3_600_000);
    fs.utimesSync(page, then, then);
    for (const ignored of [
      "node_modules/x/index.js",
      ".next/BUILD_ID",
      "data/pglite/PG_VERSION",
      "src/chain/generated/abi.ts",
    ]) {
      fs.mkdirSync(path.dirname(path.join(dir, ignored)), { recursive: true });
      fs.writeFileSync(path.join(dir, ignored), String(Math.random()));
    }
    expect(filesHash(dir)).toBe(before);

    // Same size, same mtime: still a change.
    fs.writeFileSync(page, "export default 2;");
    fs.utimesSync(page, then, then);
    expect(filesHash(dir)).not.toBe(before);
    fs.writeFileSync(page, "export default 1;");
    expect(filesHash(dir)).toBe(before);

    fs.renameSync(page, path.join(dir, "src/app/other.tsx"));
    expect(filesHash(dir)).not.toBe(before);
    fs.renameSync(path.join(dir, "src/app/other.tsx"), page);
    fs.mkdirSync(path.join(dir, "content"));
    fs.writeFileSync(path.join(dir, "content/faq.md"), "# FAQ");
    expect(filesHash(dir)).not.toBe(before);
  });
});

describe("the DATA_DIR check of npm start", () => {
  it("refuses, in the one line of the lock, a DATA_DIR in use; claims and releases a free one", () => {
    const dataDir = path.join(root, "data");
    fs.mkdirSync(dataDir);
    const cfg = { DATA_DIR: dataDir };
    const refusal =
      `DATA_DIR ${dataDir} is in use by process ${process.pid}: stop it first, ` +
      "or use DATABASE_URL (PostgreSQL) to run several processes";

    const release = lockDataDir(path.join(dataDir, "pglite"));
    try {
      expect(dataDirInUse(cfg)).toBe(refusal);
      expect(claimDataDir(cfg)).toEqual({ ok: false, message: refusal });
    } finally {
      release();
    }

    expect(dataDirInUse(cfg)).toBeUndefined();
    const claim = claimDataDir(cfg);
    if (!claim.ok) throw new Error(claim.message);
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    expect(dataDirInUse(cfg)).toBe(refusal);
    // Released before prepareApp opens the database in this same process.
    claim.release();
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  });

  it("has nothing to check on PostgreSQL", () => {
    const cfg = { DATA_DIR: path.join(root, "unused"), DATABASE_URL: "postgres://localhost/x" };
    expect(dataDirInUse(cfg)).toBeUndefined();
    const claim = claimDataDir(cfg);
    expect(claim.ok).toBe(true);
    expect(fs.existsSync(path.join(root, "unused"))).toBe(false);
  });
});
