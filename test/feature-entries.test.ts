import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./source-files";

/**
 * docs/ARCHITECTURE.md, "Feature entries": a feature's `server.ts` begins with `import "server-only"`,
 * so a client module that reaches it by mistake fails the build instead of shipping server code.
 * dependency-cruiser checks who imports the entry; this checks that the entry has its guard.
 */
const featuresDir = path.join(projectRoot, "src/features");

describe("feature server entries", () => {
  it('every src/features/*/server.ts imports "server-only" before anything else', () => {
    const entries = fs
      .readdirSync(featuresDir)
      .map((name) => path.join(featuresDir, name, "server.ts"))
      .filter((file) => fs.existsSync(file));
    expect(entries.length).toBeGreaterThan(10);
    const unguarded = entries.filter((file) => {
      const firstImport = fs.readFileSync(file, "utf8").match(/^import\b.*$/m)?.[0];
      return firstImport?.replace(/'/g, '"').replace(/;$/, "") !== 'import "server-only"';
    });
    expect(unguarded.map((f) => path.relative(featuresDir, f))).toEqual([]);
  });
});
