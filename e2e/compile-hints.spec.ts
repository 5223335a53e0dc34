import fs from "node:fs";
import path from "node:path";
import { COMPILE_HINT } from "../scripts/lib/compile-hints";
import { expect, gotoApp, test } from "./fixtures";

// The framework's boot chunks go out marked for eager compilation (scripts/lib/compile-hints.ts,
// run by `next build`): checked on what the browser is sent, for the build the e2e server runs.
const distDir = process.env.NEXT_DIST_DIR ?? ".next";

test("a page's boot chunks are sent marked for eager compilation, the page's own chunks are not", async ({
  page,
}) => {
  const { rootMainFiles } = JSON.parse(
    fs.readFileSync(path.join(distDir, "build-manifest.json"), "utf8"),
  ) as {
    rootMainFiles: string[];
  };
  expect(rootMainFiles.length).toBeGreaterThan(0);
  const bodies = new Map<string, string>();
  page.on("response", async (res) => {
    const p = new URL(res.url()).pathname;
    if (p.startsWith("/_next/static/chunks/") && p.endsWith(".js")) bodies.set(p, await res.text());
  });
  // gotoApp waits for React to have hydrated the page: the marked chunks ran.
  await gotoApp(page, "/faq");
  await page.waitForLoadState("networkidle");

  const boot = rootMainFiles.map((f) => `/_next/${f}`);
  for (const p of boot) {
    expect(bodies.has(p), `${p} fetched`).toBe(true);
    expect(bodies.get(p)!.startsWith(COMPILE_HINT), `${p} starts with the hint`).toBe(true);
  }
  const others = [...bodies].filter(([p]) => !boot.includes(p));
  expect(others.length).toBeGreaterThan(0);
  for (const [p, body] of others) expect(body.startsWith("//# allFunctionsCalledOnLoad"), p).toBe(false);
});
