import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot as root, sourceFiles } from "./source-files";

/**
 * package.json says `"sideEffects": ["*.css"]`: the bundler may leave out any module of ours whose
 * exports a page does not use, which is what keeps a barrel like `@/ui` from shipping every
 * component to every page (docs/ARCHITECTURE.md, "Client bundles"). The cost of that promise: an
 * `import "./module"` written only for what the module does when it runs would be dropped without a
 * word. So code under src imports our own modules for their exports only; bare imports are left
 * to stylesheets and packages (`server-only`, fonts), whose own package.json decides for them.
 */
/** `import "x";` with nothing imported: the specifiers of a file's bare imports. */
function bareImports(text: string): string[] {
  return [...text.matchAll(/^\s*import\s*["']([^"']+)["']\s*;?\s*$/gm)].map((m) => m[1]!);
}

const isOwnModule = (spec: string) => /^(\.|@\/)/.test(spec) && !/\.css$/.test(spec);

describe("side-effect imports", () => {
  it("package.json lets the bundler drop unused modules of ours, stylesheets excepted", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pkg.sideEffects).toEqual(["*.css"]);
  });

  it("reads bare imports, and only bare ones", () => {
    const text = [
      'import "server-only";',
      "import './globals.css'",
      'import "@/lib/polyfill";',
      'import { x } from "./x";',
      'import type { Y } from "./y";',
      'const s = "import \\"./not-an-import\\"";',
    ].join("\n");
    expect(bareImports(text)).toEqual(["server-only", "./globals.css", "@/lib/polyfill"]);
    expect(bareImports(text).filter(isOwnModule)).toEqual(["@/lib/polyfill"]);
  });

  it("no source file imports a module of ours only to run it", () => {
    const files = sourceFiles("src");
    expect(files.length).toBeGreaterThan(100);
    const offending = files.flatMap((f) =>
      bareImports(fs.readFileSync(path.join(root, f), "utf8"))
        .filter(isOwnModule)
        .map((spec) => `${f}: import "${spec}"`),
    );
    expect(offending).toEqual([]);
  });
});
