import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot as root, sourceFiles } from "./source-files";

/**
 * Issue 11's rule for the product's code (docs/ARCHITECTURE.md, "Layout"): no source file over 300
 * lines without the reason written at its top ("Over 300 lines…" in its first comment). Tests,
 * benchmarks and generated files are left out: a long suite is one scenario, a bench one report.
 */
const MAX_LINES = 300;
const ROOTS = ["src", "scripts"];
const sources = (dir: string) => sourceFiles(dir, ["generated", "node_modules"]);

/** The reason, if the file's first comment gives one (line comments or a block comment). */
function statesReason(text: string): boolean {
  const head = text
    .split("\n")
    .slice(0, 15)
    .join(" ")
    .replace(/\s*(\/\/|\*)\s*/g, " ");
  return /Over 300 lines/i.test(head);
}

describe("source file length", () => {
  it(`every file under ${ROOTS.join(" and ")} over ${MAX_LINES} lines says why at its top`, () => {
    const files = ROOTS.flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const unexplained = files.filter((f) => {
      const text = fs.readFileSync(path.join(root, f), "utf8");
      return text.split("\n").length - 1 > MAX_LINES && !statesReason(text);
    });
    expect(unexplained).toEqual([]);
  });

  it("reads a reason split over comment lines, and only one given at the top", () => {
    expect(statesReason("// Over 300\n// lines: one pipeline.\nimport x from 'y';")).toBe(true);
    expect(statesReason("/**\n * Over 300 lines because\n */")).toBe(true);
    expect(statesReason(`${"const a = 1;\n".repeat(20)}// Over 300 lines: too late`)).toBe(false);
  });
});
