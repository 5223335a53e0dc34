/**
 * `npm run bench:bundle`: first-load JavaScript (gzip) per page route of the production build in
 * `${NEXT_DIST_DIR:-.next}` (run `next build` first). Writes bench/results/bundle.json and marks
 * `/` against its 150 KB budget (exit code 1 when over).
 *
 * Source of truth: Next 16 (Turbopack) no longer prints sizes nor writes app-build-manifest.json.
 * Per page it writes `server/app/<route>/page/build-manifest.json` (`rootMainFiles`: the runtime,
 * React and the router) and `server/app/<route>/page_client-reference-manifest.js`, whose
 * `entryJSFiles` lists the client chunks of every segment file on the route (layouts, page,
 * not-found, error, global-error). Their union is exactly the set of `<script src>` tags in the
 * route's HTML, i.e. what a first visit downloads before any lazy import (the wallet modal's
 * views are dynamic imports and are not counted). Verified against the HTML of a running server:
 * set BUNDLE_VERIFY_URL=http://host:port to compare the public routes' script tags.
 * Sizes are gzip level 6 (what Next's built-in compression sends).
 */
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";
import { distDir, writeResult } from "./lib/server";

const BUDGET_KB: Record<string, number> = { "/": 150 };

const dir = path.resolve(distDir());
if (!fs.existsSync(path.join(dir, "BUILD_ID"))) {
  console.error(`no production build in ${dir}: run \`npx next build\` first`);
  process.exit(2);
}

type ClientManifest = { entryJSFiles?: Record<string, string[]> };

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, "utf8")) as T;
}

/** The client reference manifest is a script assigning globalThis.__RSC_MANIFEST[key]; run it in a sandbox. */
function readClientManifest(file: string, key: string): ClientManifest {
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, ClientManifest> } = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox, { timeout: 1000 });
  const manifest = sandbox.__RSC_MANIFEST?.[key];
  if (!manifest) throw new Error(`${file} has no manifest for ${key}`);
  return manifest;
}

const sizeCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(rel: string): { raw: number; gzip: number } {
  const clean = rel.replace(/^\/?_next\//, "");
  let s = sizeCache.get(clean);
  if (!s) {
    const buf = fs.readFileSync(path.join(dir, clean));
    s = { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 6 }).length };
    sizeCache.set(clean, s);
  }
  return s;
}

export function routeFiles(entry: string): string[] {
  // entry is like "/page" or "/[ref]/page"
  const base = path.join(dir, "server", "app", entry);
  const build = readJson<{ rootMainFiles: string[] }>(path.join(base, "build-manifest.json"));
  const client = readClientManifest(`${base}_client-reference-manifest.js`, entry);
  const files = new Set<string>(build.rootMainFiles);
  for (const list of Object.values(client.entryJSFiles ?? {})) for (const f of list) files.add(f);
  return [...files].filter((f) => f.endsWith(".js")).map((f) => f.replace(/^\/?_next\//, ""));
}

const routes = readJson<Record<string, string>>(path.join(dir, "app-path-routes-manifest.json"));
const rows = Object.entries(routes)
  .filter(([entry]) => entry.endsWith("/page") && !entry.startsWith("/_global-error"))
  .map(([entry, route]) => {
    const files = routeFiles(entry);
    const totals = files.reduce(
      (t, f) => {
        const s = sizeOf(f);
        return { raw: t.raw + s.raw, gzip: t.gzip + s.gzip };
      },
      { raw: 0, gzip: 0 },
    );
    const budgetKb = BUDGET_KB[route];
    const gzipKb = Math.round((totals.gzip / 1024) * 10) / 10;
    return {
      route,
      files: files.length,
      rawKb: Math.round((totals.raw / 1024) * 10) / 10,
      gzipKb,
      budgetKb: budgetKb ?? null,
      withinBudget: budgetKb === undefined ? null : gzipKb <= budgetKb,
      chunks: files,
    };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

// Chunks every route loads (framework + root layout): the floor no page can go below.
const shared = new Set(rows[0]?.chunks ?? []);
for (const r of rows) for (const f of shared) if (!r.chunks.includes(f)) shared.delete(f);
const sharedGzipKb = Math.round(([...shared].reduce((t, f) => t + sizeOf(f).gzip, 0) / 1024) * 10) / 10;

console.log(`first-load JS per route (${dir})\n`);
console.log(
  `${"route".padEnd(22)}${"files".padStart(6)}${"raw KB".padStart(10)}${"gzip KB".padStart(10)}  budget`,
);
for (const r of rows) {
  const budget = r.budgetKb === null ? "" : `${r.withinBudget ? "OK" : "OVER"} (≤ ${r.budgetKb} KB)`;
  console.log(
    `${r.route.padEnd(22)}${String(r.files).padStart(6)}${r.rawKb.toFixed(1).padStart(10)}${r.gzipKb.toFixed(1).padStart(10)}  ${budget}`,
  );
}
console.log(`\nshared by all routes: ${shared.size} chunks, ${sharedGzipKb} KB gzip`);

const verifyUrl = process.env.BUNDLE_VERIFY_URL;
const verification: Record<string, { html: number; manifest: number; missingInManifest: string[] }> = {};
if (verifyUrl) {
  for (const r of rows.filter((x) => x.route === "/" || x.route === "/_not-found")) {
    const url = r.route === "/_not-found" ? `${verifyUrl}/no/such/page` : `${verifyUrl}${r.route}`;
    const html = await (await fetch(url)).text();
    const inHtml = [...html.matchAll(/<script(?![^>]*noModule)[^>]+src="\/_next\/([^"]+\.js)"/g)].map(
      (m) => m[1] as string,
    );
    const missing = [...new Set(inHtml)].filter((f) => !r.chunks.includes(f));
    verification[r.route] = {
      html: new Set(inHtml).size,
      manifest: r.chunks.length,
      missingInManifest: missing,
    };
    console.log(
      `verify ${r.route}: ${new Set(inHtml).size} script tags in HTML, ${r.chunks.length} in manifests, missing: ${missing.length}`,
    );
  }
}

const file = writeResult("bundle", {
  measuredAt: new Date().toISOString(),
  distDir: dir,
  compression: "gzip level 6",
  sharedGzipKb,
  routes: rows,
  ...(verifyUrl ? { verification } : {}),
});
console.log(`wrote ${file}`);

const over = rows.filter((r) => r.withinBudget === false);
if (over.length) {
  console.error(`over budget: ${over.map((r) => `${r.route} ${r.gzipKb} KB > ${r.budgetKb} KB`).join(", ")}`);
  process.exitCode = 1;
}
