import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, markChunks } from "./compile-hints";

let dist: string;
beforeEach(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), "compile-hints-"));
  await fs.mkdir(path.join(dist, "static/chunks"), { recursive: true });
});
afterEach(() => fs.rm(dist, { recursive: true, force: true }));

const write = (file: string, text: string) => fs.writeFile(path.join(dist, file), text);
const read = (file: string) => fs.readFile(path.join(dist, file), "utf8");

describe("markChunks", () => {
  it("marks every client chunk once and leaves styles and other files alone", async () => {
    await write("static/chunks/react.js", "(globalThis.TURBOPACK||[]).push([1])");
    await write("static/chunks/turbopack-1.js", "(()=>{})()");
    await write("static/chunks/page.js", "page()");
    await write("static/chunks/app.css", "body{}");
    await write("build-manifest.json", "{}");

    expect(await markChunks(dist)).toEqual([
      "static/chunks/page.js",
      "static/chunks/react.js",
      "static/chunks/turbopack-1.js",
    ]);
    expect(await read("static/chunks/react.js")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1])`);
    expect(await read("static/chunks/turbopack-1.js")).toBe(`${COMPILE_HINT}(()=>{})()`);
    expect(await read("static/chunks/page.js")).toBe(`${COMPILE_HINT}page()`);
    expect(await read("static/chunks/app.css")).toBe("body{}");
    expect(await read("build-manifest.json")).toBe("{}");
    expect((await fs.readdir(path.join(dist, "static/chunks"))).some((f) => f.endsWith(".tmp"))).toBe(false);

    // A second run (a build step repeated) adds nothing.
    expect(await markChunks(dist)).toEqual([]);
    expect(await read("static/chunks/react.js")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1])`);
  });

  it("moves a chunk's source map down the line the hint adds", async () => {
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
    await markChunks(dist);
    expect(JSON.parse(await read("static/chunks/a.js.map")).mappings).toBe(";AAAA");
    expect(JSON.parse(await read("static/chunks/b.js.map")).sections[0].offset).toEqual({
      line: 1,
      column: 0,
    });
  });

  it("fails the build when there is no chunk to mark", async () => {
    await expect(markChunks(dist)).rejects.toThrow(/has no chunks/);
    await fs.rm(path.join(dist, "static"), { recursive: true });
    await expect(markChunks(dist)).rejects.toThrow(/ENOENT/);
  });
});
