/**
 * Marks the framework's boot chunks for eager compilation (V8's explicit compile hints, Chrome 136+):
 * run by `next build` itself (`compiler.runAfterProductionCompile` in next.config.ts), so every build
 * — `npm start`, `npm test`, the benches — ships the same files. docs/ARCHITECTURE.md, "Main-thread
 * work".
 *
 * Why: Next's boot evaluates React DOM, its router and the Turbopack runtime (the build manifest's
 * `rootMainFiles`) in one task. V8 compiles a function lazily, on the main thread, when it is first
 * called, and nearly every function of those chunks is called during that task and hydration, so
 * the compile was a large part of the longest task of every page. `//# allFunctionsCalledOnLoad` on
 * a script's first line has V8 compile all of it while it streams in, on a background thread.
 * Browsers without the feature read a comment. Only the boot chunks get it: a page's own chunks
 * (viem, wagmi, our features) hold much code that a load never calls, which eager compilation would
 * compile for nothing.
 */
import fs from "node:fs/promises";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Prepends the hint to each of `rootMainFiles` once (a second run changes nothing). */
export async function markBootChunks(distDir: string): Promise<string[]> {
  const manifest = JSON.parse(await fs.readFile(path.join(distDir, "build-manifest.json"), "utf8")) as {
    rootMainFiles?: unknown;
  };
  const files = manifest.rootMainFiles;
  if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === "string"))
    throw new Error(`${distDir}/build-manifest.json has no rootMainFiles: the boot chunks cannot be marked`);
  const marked: string[] = [];
  for (const file of files as string[]) {
    if (!/^static\/chunks\/[\w.-]+\.js$/.test(file)) throw new Error(`unexpected boot chunk path: ${file}`);
    const full = path.join(distDir, file);
    const text = await fs.readFile(full, "utf8");
    if (text.startsWith(COMPILE_HINT)) continue;
    await replaceFile(full, COMPILE_HINT + text);
    await shiftSourceMap(`${full}.map`);
    marked.push(file);
  }
  return marked;
}

/** A source map of the chunk (`BUNDLE_SOURCEMAPS=1` builds) is moved down the one line the hint adds. */
async function shiftSourceMap(mapFile: string): Promise<void> {
  let text: string;
  try {
    text = await fs.readFile(mapFile, "utf8");
  } catch {
    return;
  }
  const map = JSON.parse(text) as {
    mappings?: string;
    sections?: { offset: { line: number; column: number } }[];
  };
  if (map.sections) for (const s of map.sections) s.offset.line += 1;
  else if (typeof map.mappings === "string") map.mappings = `;${map.mappings}`;
  await replaceFile(mapFile, JSON.stringify(map));
}

/** Written beside and renamed, so a crash never leaves a half-written chunk or map. */
async function replaceFile(file: string, text: string): Promise<void> {
  await fs.writeFile(`${file}.tmp`, text);
  await fs.rename(`${file}.tmp`, file);
}
