/**
 * Cuts the Inter face every page preloads (src/app/fonts/inter-subset.ts) from the full variable
 * font of the `inter-ui` package, with harfbuzz (subset-font), into src/app/fonts/generated/. The
 * weight axis stays; the optical size is pinned at 14, as in fontsource's files. Skips the work
 * when the font, the subset and this script are unchanged (hash file), so `npm start` / `npm test`
 * stay fast.
 *
 * Usage: npx tsx scripts/build-fonts.ts [--force]
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { INTER_FEATURES, INTER_SUBSET_RANGES, subsetText } from "../src/app/fonts/inter-subset";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "src", "app", "fonts", "generated");
const outFile = path.join(outDir, "inter-latin.woff2");
const hashFile = path.join(outDir, ".build-hash");
const source = require.resolve("inter-ui/variable/InterVariable.woff2");

const font = readFileSync(source);
const hash = createHash("sha256")
  .update(font)
  .update(JSON.stringify([INTER_SUBSET_RANGES, INTER_FEATURES]))
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .update(require("subset-font/package.json").version)
  .digest("hex");
if (!process.argv.includes("--force") && existsSync(outFile) && existsSync(hashFile)) {
  if (readFileSync(hashFile, "utf8") === hash) process.exit(0);
}
const started = performance.now();
const woff2 = await subsetFont(font, subsetText(), {
  targetFormat: "woff2",
  variationAxes: { opsz: 14 },
  keepFeatures: INTER_FEATURES,
  noHinting: true,
});
mkdirSync(outDir, { recursive: true });
// Written whole, then renamed: a build never sees half a font.
writeFileSync(`${outFile}.tmp`, woff2);
renameSync(`${outFile}.tmp`, outFile);
writeFileSync(hashFile, hash);
console.log(
  `fonts: ${path.relative(root, outFile)} ${(woff2.length / 1024).toFixed(1)} KB in ${(performance.now() - started).toFixed(0)} ms`,
);
