import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { INTER_SYMBOLS, inSubset } from "./inter-subset";

const root = path.resolve(import.meta.dirname, "../../..");

/** The files under `dir` whose names `keep` accepts, generated code left out. */
function files(dir: string, keep: (name: string) => boolean): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name) && !e.parentPath.split(path.sep).includes("generated"))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The text a source file can put on a page: its string literals, template parts and JSX text. */
function textOf(file: string): string {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  let text = "";
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isJsxText(node)) text += node.text;
    if (ts.isTemplateExpression(node)) {
      text += node.head.text;
      for (const span of node.templateSpans) text += span.literal.text;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return text;
}

function outside(text: string): string[] {
  return [...new Set([...text].filter((ch) => !inSubset(ch.codePointAt(0)!)))];
}

describe("the preloaded Inter face", () => {
  it("holds every character of the interface's copy and the seeded content", () => {
    const sources = files(
      path.join(root, "src"),
      (n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$|\.d\.ts$/.test(n),
    );
    const content = files(path.join(root, "content"), () => true);
    expect(sources.length).toBeGreaterThan(100);
    const found = [
      ...sources.flatMap((f) => outside(textOf(f)).map((ch) => `${ch} in ${path.relative(root, f)}`)),
      ...content.flatMap((f) =>
        outside(fs.readFileSync(f, "utf8")).map((ch) => `${ch} in ${path.relative(root, f)}`),
      ),
    ];
    // A character here is drawn in a system font, which the first layout must ask the browser
    // process for: add it to INTER_SUBSET_RANGES if Inter has it, or draw it another way.
    expect(found).toEqual([]);
  });

  it("finds a character outside it", () => {
    expect(outside("Older → ▾ 万")).toEqual(["▾", "万"]);
  });

  it("has a glyph for every character added to fontsource's latin subset", () => {
    const file = path.join(import.meta.dirname, "generated", "inter-latin.woff2");
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:fonts\``);
    // Next's own copy of fontkit, which next/font uses to read font files.
    const openFont = createRequire(import.meta.url)("next/dist/compiled/@next/font/dist/fontkit").default;
    const font = openFont(fs.readFileSync(file));
    const missing = INTER_SYMBOLS.flatMap(([from, to]) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i),
    )
      .filter((cp) => !font.hasGlyphForCodePoint(cp))
      .map((cp) => `U+${cp.toString(16).toUpperCase()}`);
    expect(missing).toEqual([]);
  });
});
