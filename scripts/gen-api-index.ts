/**
 * Writes src/server/api-routes.generated.ts: every API route file with its URL path, so the OpenAPI
 * document (src/server/openapi.ts) can load each route's `meta`. Deterministic; committed; a unit
 * test fails when it is out of date. Usage: `npm run gen:api-index`.
 */
import fs from "node:fs";
import path from "node:path";
import { apiRouteFiles, OUT_FILE, renderApiIndex } from "../src/server/api-index";

const root = path.resolve(import.meta.dirname, "..");
fs.writeFileSync(path.join(root, OUT_FILE), renderApiIndex(apiRouteFiles(root)));
console.log(`wrote ${OUT_FILE}`);
