/**
 * `npx tsx bench/chunk-modules.ts <chunk.js> …`: which modules make up the given chunks (names as
 * `BENCH_CHUNKS=1 npm run bench:bundle` lists them), from a build with browser source maps
 * (`BUNDLE_SOURCEMAPS=1 NEXT_DIST_DIR=.next-sm next build`, then `DIST=.next-sm`). Prints, per chunk
 * and source file, the minified bytes mapped to it, largest first (TOP=60); a module listed under
 * two chunks of one page is fetched twice (docs/ARCHITECTURE.md, "Client bundles").
 */
import fs from "node:fs";

/** Source map v3 `mappings` (base64 VLQ) → per generated line, segments [column, source, …] (absolute). */
function decode(mappings: string): number[][][] {
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const state = [0, 0, 0, 0, 0];
  return mappings.split(";").map((line) => {
    state[0] = 0; // the generated column restarts on every line; the other fields carry over
    return line
      .split(",")
      .filter(Boolean)
      .map((seg) => {
        const out: number[] = [];
        let value = 0;
        let shift = 0;
        for (const ch of seg) {
          const digit = B64.indexOf(ch);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            const n = value & 1 ? -(value >>> 1) : value >>> 1;
            const i = out.length;
            state[i] = (state[i] ?? 0) + n;
            out.push(state[i]!);
            value = 0;
            shift = 0;
          }
        }
        return out;
      });
  });
}

const dir = process.env.DIST ?? ".next";
const chunks = process.argv.slice(2);
const total = new Map<string, number>();
for (const c of chunks) {
  const file = `${dir}/static/chunks/${c}`;
  const code = fs.readFileSync(file, "utf8");
  const sm = /sourceMappingURL=(\S+)/.exec(code);
  const mapFile = sm ? `${dir}/static/chunks/${sm[1]}` : `${file}.map`;
  if (!fs.existsSync(mapFile)) {
    console.log("no map", c);
    continue;
  }
  const map = JSON.parse(fs.readFileSync(mapFile, "utf8"));
  const sections = map.sections ?? [{ offset: { line: 0, column: 0 }, map }];
  const lines = code.split("\n");
  for (const sec of sections) {
    const m = sec.map;
    const dec = decode(m.mappings);
    dec.forEach((segs, li) => {
      const line = lines[li + sec.offset.line] ?? "";
      for (let i = 0; i < segs.length; i++) {
        const s = segs[i]!;
        if (s.length < 2) continue;
        const start = s[0] + (li === 0 ? sec.offset.column : 0);
        const end = i + 1 < segs.length ? segs[i + 1]![0] + (li === 0 ? sec.offset.column : 0) : line.length;
        const src = String(m.sources[s[1]!])
          .replace(/^.*\[project\]\//, "")
          .replace(/^turbopack:\/\/\//, "");
        total.set(
          `${c.slice(0, 6)} ${src}`,
          (total.get(`${c.slice(0, 6)} ${src}`) ?? 0) + Math.max(0, end - start),
        );
      }
    });
  }
}
const rows = [...total].sort((a, b) => b[1] - a[1]);
for (const [k, v] of rows.slice(0, Number(process.env.TOP ?? 60)))
  console.log((v / 1024).toFixed(1).padStart(7), k);
