import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, markBootChunks } from "./compile-hints";

let dist: string;
beforeEach(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), "compile-hints-"));
  await fs.mkdir(path.join(dist, "static/chunks"), { recursive: true });
});
afterEach(() => fs.rm(dist, { recursive: true, force: true }));

const write = (file: string, text: string) => fs.writeFile(path.join(dist, file), text);
const read = (file: string) => fs.readFile(path.join(dist, file), "utf8");
const manifest = (rootMainFiles: unknown) =>
  write("build-manifest.json", JSON.stringify({ rootMainFiles, polyfillFiles: [] }));

describe("markBootChunks", () => {
  it("marks every boot chunk once and leaves the page chunks alone", async () => {
    await manifest(["static/chunks/react.js", "static/chunks/turbopack-1.js"]);
    await write("static/chunks/react.js", "(globalThis.TURBOPACK||[]).push([1])");
    await write("static/chunks/turbopack-1.js", "(()=>{})()");
    await write("static/chunks/page.js", "page()");

    expect(await markBootChunks(dist)).toEqual(["static/chunks/react.js", "static/chunks/turbopack-1.js"]);
    expect(await read("static/chunks/react.js")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1])`);
    expect(await read("static/chunks/turbopack-1.js")).toBe(`${COMPILE_HINT}(()=>{})()`);
    expect(await read("static/chunks/page.js")).toBe("page()");

    // A second run (a build step repeated) adds nothing.
    expect(await markBootChunks(dist)).toEqual([]);
    expect(await read("static/chunks/react.js")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1])`);
  });

  it("moves a chunk's source map down the line the hint adds", async () => {
    await manifest(["static/chunks/a.js", "static/chunks/b.js"]);
    await write("static/chunks/a.js", "a()");
    await write(
      "static/chunks/a.js.map",
      JSON.stringify({ version: 3, mappings: "AAAA", sources: ["a.ts"] }),
    );
    await write("static/chunks/b.js", "b()");
    await write(
      "static/chunks/b.js.map",
      JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: {} }] }),
    );
    await markBootChunks(dist);
    expect(JSON.parse(await read("static/chunks/a.js.map")).mappings).toBe(";AAAA");
    expect(JSON.parse(await read("static/chunks/b.js.map")).sections[0].offset).toEqual({
      line: 1,
      column: 0,
    });
  });

  it("fails the build when the manifest names no boot chunk or an unexpected path", async () => {
    await manifest([]);
    await expect(markBootChunks(dist)).rejects.toThrow(/no rootMainFiles/);
    await manifest(["../outside.js"]);
    await expect(markBootChunks(dist)).rejects.toThrow(/unexpected boot chunk path/);
  });
});
