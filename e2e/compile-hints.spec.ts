import fs from "node:fs";
import path from "node:path";
import { COMPILE_HINT } from "../scripts/lib/compile-hints";
import { expect, gotoApp, test } from "./fixtures";

// Every client chunk goes out marked for eager compilation (scripts/lib/compile-hints.ts, run by
// `next build`): checked on what the browser is sent, for the build the e2e server runs.
const distDir = process.env.NEXT_DIST_DIR ?? ".next";

test("the chunks a page loads are sent marked for eager compilation, the framework's and the page's", async ({
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
  for (const p of boot) expect(bodies.has(p), `${p} fetched`).toBe(true);
  const own = [...bodies.keys()].filter((p) => !boot.includes(p));
  expect(own.length, "the page's own chunks").toBeGreaterThan(0);
  for (const [p, body] of bodies)
    expect(body.startsWith(COMPILE_HINT), `${p} starts with the hint`).toBe(true);
});
