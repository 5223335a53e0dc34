import fs from "node:fs";
import path from "node:path";

/** The project root: what the repository-wide checks (test/*.test.ts) read from. */
export const projectRoot = path.resolve(import.meta.dirname, "..");

/**
 * The product's source files under `dir` (relative to the project root, and returned so): `.ts` and
 * `.tsx`, tests left out, folders named in `skipDirs` not entered.
 */
export function sourceFiles(dir: string, skipDirs: readonly string[] = ["node_modules"]): string[] {
  return fs.readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return skipDirs.includes(e.name) ? [] : sourceFiles(rel, skipDirs);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}
