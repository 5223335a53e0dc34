/**
 * Marks every client chunk for eager compilation (V8's explicit compile hints, Chrome 136+): run by
 * `next build` itself (`compiler.runAfterProductionCompile` in next.config.ts), so every build —
 * `npm start`, `npm test`, the benches — ships the same files. docs/ARCHITECTURE.md, "Main-thread
 * work".
 *
 * Why: V8 compiles a function lazily, on the main thread, when it is first called. During a page
 * load that is most of the code that runs: the framework's boot (React DOM, the router, the
 * Turbopack runtime), then the page's modules as hydration first requires them (viem, wagmi, the
 * wallet runtime, our features). `//# allFunctionsCalledOnLoad` on a script's first line has V8
 * compile all of it while it streams in, on a background thread. Marking only the boot chunks
 * (`rootMainFiles`) left the page modules' compile inside hydration's tasks; marking every chunk
 * took Lighthouse's mean TBT on the six heaviest pages from 185 to 139 ms (72 runs each, interleaved).
 * The cost is background compile of functions a load never calls, whose bytecode V8 flushes
 * when they stay unused; a chunk fetched on interaction (the wallet modal's views) is compiled off
 * the main thread too. Browsers without the feature read a comment.
 */
import fs from "node:fs/promises";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Prepends the hint to every `static/chunks/*.js` once (a second run changes nothing). */
export async function markChunks(distDir: string): Promise<string[]> {
  const dir = path.join(distDir, "static", "chunks");
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith(".js")).sort();
  if (files.length === 0) throw new Error(`${dir} has no chunks: the build cannot be marked`);
  const marked: string[] = [];
  for (const file of files) {
    const full = path.join(dir, file);
    const text = await fs.readFile(full, "utf8");
    if (text.startsWith(COMPILE_HINT)) continue;
    await replaceFile(full, COMPILE_HINT + text);
    await shiftSourceMap(`${full}.map`);
    marked.push(`static/chunks/${file}`);
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
