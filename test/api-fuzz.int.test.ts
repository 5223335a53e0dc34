import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { startTestChain, type TestChain } from "@/features/indexer/server/test-chain";
import { resetConfigForTests } from "@/server/config";
import { encode, type Sample, sample } from "./api-fuzz-inputs";
import { testDb } from "./db";

/**
 * Issue 10's fuzz test: every API route module under src/app/api, called directly with malformed
 * requests (bad JSON, wrong types, huge and deep values, control characters, NUL, lone surrogates,
 * bad %-encodings, invalid UTF-8, oversize bodies). No answer may be a 5xx, every 4xx must have the
 * standard `{"error": {"code", "message"}}` shape, and a 2xx JSON answer of a route that declares a
 * response schema must match it. Seeded, so a failure replays exactly; dynamic page segments are
 * covered by the proxy's own tests.
 */

const SEED = 20_261_124;
const REQUESTS = 2_400;
const SITE = "http://localhost:3000";
const API_DIR = path.resolve(import.meta.dirname, "../src/app/api");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

type Handler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  meta?: { summary?: string; response?: z.ZodType };
};
type Endpoint = { file: string; pattern: string; method: string; params: string[]; handler: Handler };

function routeFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => path.basename(f) === "route.ts")
    .map((f) => path.join(dir, f))
    .sort();
}

async function endpoints(): Promise<Endpoint[]> {
  const out: Endpoint[] = [];
  for (const file of routeFiles(API_DIR)) {
    const rel = path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
    const pattern = `/api/${rel}`;
    const params = [...pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1] as string);
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (typeof handler === "function")
        out.push({ file, pattern, method, params, handler: handler as Handler });
    }
  }
  return out;
}

// --- The test ---------------------------------------------------------------------------------

let chain: TestChain;
let handle: DbHandle;
let cookie: string;

beforeAll(async () => {
  chain = await startTestChain();
  process.env.TESTNET_RPC_URL = chain.anvil.url;
  process.env.DEPLOYMENTS_DIR = chain.dir;
  process.env.DATA_DIR = chain.dir;
  process.env.PUBLIC_URL = SITE;
  resetConfigForTests();
  handle = await testDb();
  cookie = (await createTestSession(chain.address(4))).cookieHeader;
});

afterAll(async () => {
  await handle?.close();
  await chain?.stop();
});

function buildRequest(ep: Endpoint, s: Sample): Request {
  let pathname = ep.pattern;
  for (const name of ep.params) pathname = pathname.replace(`[${name}]`, encode(s.paramValue) || "x");
  const url = `${SITE}${pathname}${s.query ? `?${s.query}` : ""}`;
  const headers = new Headers();
  // Logging out would end the session the other requests use.
  if (s.withSession && ep.pattern !== "/api/auth/logout") headers.set("cookie", cookie);
  if (s.sameOrigin) headers.set("origin", SITE);
  else headers.set("origin", "https://evil.example");
  if (s.contentType) headers.set("content-type", s.contentType);
  if (s.idempotencyKey !== undefined) headers.set("idempotency-key", s.idempotencyKey);
  const hasBody = ep.method !== "GET" && ep.method !== "HEAD" && s.body.bytes !== null;
  if (hasBody && s.contentLength !== undefined) headers.set("content-length", s.contentLength);
  return new Request(url, {
    method: ep.method,
    headers,
    body: hasBody ? (s.body.bytes as BodyInit) : undefined,
  });
}

/** What is wrong with an answer, or null. */
async function problem(ep: Endpoint, res: Response): Promise<string | null> {
  if (res.status >= 500) return `status ${res.status}: ${(await res.text()).slice(0, 200)}`;
  const type = res.headers.get("content-type") ?? "";
  if (res.status >= 400) {
    if (!type.includes("application/json")) return `${res.status} with content-type ${type}`;
    const json = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
    const e = json.error;
    if (!e || typeof e.code !== "string" || !/^[A-Z_]+$/.test(e.code))
      return `${res.status} without error.code`;
    if (typeof e.message !== "string" || e.message === "") return `${res.status} without error.message`;
    if (Object.keys(json).length !== 1 || Object.keys(e).length !== 2) return `${res.status} extra fields`;
    return null;
  }
  const schema = ep.handler.meta?.response;
  if (schema && type.includes("application/json") && ep.method !== "HEAD") {
    const parsed = schema.safeParse(await res.json());
    if (!parsed.success)
      return `${res.status} does not match its response schema: ${parsed.error.message.slice(0, 300)}`;
  }
  return null;
}

/** Answers that are not JSON (CSV streams, files, a redirect, the OpenAPI document itself). */
const NOT_JSON = [
  "GET /api/admin/exports/[file]",
  "GET /api/media/[file]",
  "GET /api/profile/email/verify",
  "GET /api/openapi.json",
];
describe("route declarations", () => {
  it("every route is route(options, handler) with a summary and a response schema", async () => {
    const eps = await endpoints();
    const withoutSummary = eps.filter((e) => !e.handler.meta?.summary).map((e) => `${e.method} ${e.pattern}`);
    expect(withoutSummary).toEqual([]);
    const withoutResponse = eps
      .filter((e) => !e.handler.meta?.response)
      .map((e) => `${e.method} ${e.pattern}`)
      .filter((k) => !NOT_JSON.includes(k));
    // Every JSON answer has its schema (the console's routes were the last to get theirs, issue 17).
    expect(withoutResponse).toEqual([]);
    // Importing every route module takes seconds on a loaded machine; no timing assertion.
  }, 120_000);
});

describe("API fuzz (issue 10): malformed requests never get a 5xx", () => {
  it(`${REQUESTS} seeded requests across every route module`, async () => {
    const eps = await endpoints();
    // Every route file exports at least one handler, and the expected modules are all there.
    const files = new Set(eps.map((e) => e.file));
    expect(files.size).toBe(routeFiles(API_DIR).length);
    expect(files.size).toBeGreaterThanOrEqual(30);

    const samples = fc.sample(sample, { seed: SEED, numRuns: REQUESTS }) as Sample[];
    const failures: string[] = [];
    const perEndpoint = new Map<string, number>();
    const statuses = new Map<number, number>();
    for (const [i, s] of samples.entries()) {
      // Round-robin: every endpoint gets the same share of the malformed requests.
      const ep = eps[i % eps.length] as Endpoint;
      const key = `${ep.method} ${ep.pattern}`;
      perEndpoint.set(key, (perEndpoint.get(key) ?? 0) + 1);
      const req = buildRequest(ep, s);
      const params: Record<string, string> = {};
      for (const name of ep.params) params[name] = s.paramValue;
      let res: Response;
      try {
        res = await ep.handler(req, { params: Promise.resolve(params) });
      } catch (err) {
        failures.push(`#${i} ${key} [${s.body.kind}] threw: ${String(err).slice(0, 200)}`);
        continue;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const p = await problem(ep, res);
      if (p) {
        const param = ep.params.length ? ` param=${JSON.stringify(s.paramValue.slice(0, 40))}` : "";
        failures.push(`#${i} ${key} [${s.body.kind}]${param} ?${s.query.slice(0, 80)} → ${p}`);
      }
    }
    // One line of figures in the test output: what the run covered.
    console.info(
      `api fuzz: ${samples.length} requests, ${eps.length} endpoints in ${files.size} modules, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(samples.length).toBeGreaterThanOrEqual(2_000);
    for (const [key, n] of perEndpoint)
      expect(n, key).toBeGreaterThanOrEqual(Math.floor(REQUESTS / eps.length));
    expect(failures.slice(0, 20)).toEqual([]);
  }, 240_000);
});
