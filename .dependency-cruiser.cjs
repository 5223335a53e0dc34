// Boundaries of the code base, checked in `npm test` (docs/ARCHITECTURE.md, "Boundaries").
// Every rule is a path pattern, so features added later are covered without editing this file.
const fs = require("node:fs");
const path = require("node:path");

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Client modules: files that start with the "use client" directive, and every feature's index.ts
 * (client-safe by convention). dependency-cruiser does not read directives, so the files are found
 * here, when the config loads, by their first statement — a rule by content, not a list.
 */
function findClientFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "generated") out.push(...findClientFiles(full));
    } else if (/\.tsx?$/.test(entry.name)) {
      const head = fs
        .readFileSync(full, "utf8")
        .slice(0, 200)
        .replace(/^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "");
      if (/^["']use client["']/.test(head)) out.push(full.split(path.sep).join("/"));
    }
  }
  return out;
}
const CLIENT_FILES = findClientFiles("src");
const CLIENT = [
  `^src/features/[^/]+/(index|admin)\\.tsx?$`,
  ...CLIENT_FILES.map((f) => `^${escapeRegExp(f)}$`),
];

/** Server modules: features' server.ts and server/**, the database layer. */
const SERVER = ["^src/features/[^/]+/server(\\.tsx?$|/)", "^src/db/"];

/** What another module may import from a feature: its entries. */
const FEATURE_ENTRY = "^src/features/[^/]+/(index|admin|server|testing)\\.tsx?$";
const TEST_FILE = "\\.(int\\.)?test\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "Import cycles make start-up order and bundling fragile; invert the dependency (a slot, a registry passed in).",
      from: {},
      // A lazy import() is no load-time cycle (the API route index loads route modules on demand).
      to: { circular: true, viaOnly: { dependencyTypesNot: ["dynamic-import"] } },
    },
    {
      name: "feature-internals",
      severity: "error",
      comment:
        "A feature is used through its entries only: index.ts (client-safe), server.ts (server-only), testing.ts (tests).",
      from: { path: "^src/features/([^/]+)/" },
      to: { path: "^src/features/[^/]+/", pathNot: ["^src/features/$1/", FEATURE_ENTRY] },
    },
    {
      name: "feature-internals-from-outside",
      severity: "error",
      comment: "Pages, the modal and shared code use a feature through its entries only.",
      from: { path: "^src/", pathNot: "^src/features/" },
      to: { path: "^src/features/[^/]+/", pathNot: FEATURE_ENTRY },
    },
    {
      name: "testing-only-from-tests",
      severity: "error",
      comment: "testing.ts holds test helpers: production code never imports it.",
      from: { pathNot: [TEST_FILE, "/testing\\.tsx?$", "^test/"] },
      to: { path: "^src/features/[^/]+/testing\\.tsx?$" },
    },
    {
      name: "client-reaches-server",
      severity: "error",
      comment:
        "A 'use client' module or a feature's index.ts must not pull server code (DB, secrets) into the browser bundle.",
      from: { path: CLIENT },
      to: { path: SERVER, reachable: true },
    },
    {
      name: "links-through-page-link",
      severity: "error",
      comment:
        'Links to pages use PageLink (src/ui/PageLink.tsx), which never prefetches: every page is rendered per request (docs/ARCHITECTURE.md, "Client navigation").',
      from: { path: "^src/", pathNot: "^src/ui/PageLink\\.tsx$" },
      to: { path: "^node_modules/next/link(\\.js)?$" },
    },
    {
      name: "pages-no-db",
      severity: "error",
      comment:
        "Pages and route handlers never import the database: they call a feature's server.ts (route handlers get `db` from the route layer).",
      from: { path: "^src/app/" },
      to: { path: "^src/db/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^src/chain/generated/"] },
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports vanish at compile time: they neither form runtime cycles nor ship code.
    tsPreCompilationDeps: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
