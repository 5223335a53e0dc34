import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { API_ROUTES } from "../src/server/api-routes.generated";
import { config } from "../src/server/config";
import type { OpenApiDocument } from "../src/server/openapi";

/**
 * The contract test's request machinery (test/api-contract.int.test.ts): calls a route module's
 * handler with a real Request and checks the answer against the OpenAPI document — the status must
 * be documented for that operation, and its body must validate (ajv, draft 2020-12, formats) against
 * the schema documented for that status, or carry the documented media type. It remembers which
 * operations answered a success and which a documented error, for the coverage assertions.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Call = {
  method: Method;
  /** The document's path template, e.g. `/api/news/{slug}`. */
  path: string;
  url: string;
  /** Whose cookie rides along (a key of the harness's cookie jar); default `admin`. */
  as?: string;
  body?: unknown;
  /** A non-JSON body (a CSV, an image). */
  raw?: { body: string | Blob; type: string };
  headers?: Record<string, string>;
  /** `Origin` header; default this site's. */
  origin?: string;
  /** A status, or `error`: any 4xx the operation documents. Default: any 2xx or 3xx. */
  expect?: number | "error";
};
export type Answer = { status: number; body: unknown; text: string; headers: Headers };

type Media = { schema?: object };
type Op = {
  responses: Record<string, { content?: Record<string, Media> }>;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, Media> };
  security?: unknown;
  "x-aurum-roles"?: string[];
};

export const opKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const templateRe = (path: string) =>
  new RegExp(`^${path.replace(/\./g, "\\.").replace(/\{[^}]+\}/g, "([^/?]+)")}(?:\\?|$)`);

function paramsOf(path: string, url: string): Record<string, string> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const m = url.match(templateRe(path));
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m?.[i + 1] ?? "")]));
}

/** `image/*` matches `image/png`; parameters (`; charset=…`) are ignored. */
const typeMatches = (got: string, documented: string) => {
  const g = got.split(";")[0]?.trim() ?? "";
  return documented.endsWith("/*") ? g.startsWith(documented.slice(0, -1)) : g === documented;
};

export function createHarness(doc: () => OpenApiDocument, cookies: Record<string, string>) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  /** The last call of each operation that answered a documented success. */
  const succeeded = new Map<string, Call>();
  /** Operations that answered a documented error (4xx) in its documented shape. */
  const erred = new Set<string>();
  /** Operations whose only documented error is 429 (not probed). */
  const onlyRateLimited: string[] = [];

  const opOf = (method: string, path: string) =>
    (doc().paths[path] as Record<string, Op> | undefined)?.[method.toLowerCase()];

  async function call(c: Call): Promise<Answer> {
    const entry = API_ROUTES.find((r) => r.path === c.path);
    if (!entry) throw new Error(`${c.path} is not in the route index`);
    const op = opOf(c.method, c.path);
    if (!op) throw new Error(`${opKey(c.method, c.path)} is not in the document`);
    const mod = await entry.load();
    const handler = mod[c.method] as (req: Request, ctx: unknown) => Promise<Response>;
    const origin = config().origin;
    const headers: Record<string, string> = { origin: c.origin ?? origin };
    const who = c.as ?? "admin";
    if (who !== "none") headers.cookie = cookies[who] ?? "";
    if (c.body !== undefined) headers["content-type"] = "application/json";
    if (c.raw) headers["content-type"] = c.raw.type;
    if (c.method !== "GET") headers["idempotency-key"] = crypto.randomUUID();
    Object.assign(headers, c.headers);
    const res = await handler(
      new Request(`${origin}${c.url}`, {
        method: c.method,
        headers,
        body: c.raw ? c.raw.body : c.body === undefined ? undefined : JSON.stringify(c.body),
      }),
      { params: Promise.resolve(paramsOf(c.path, c.url)) },
    );
    const type = res.headers.get("content-type") ?? "";
    const text = type.startsWith("image/") ? "" : await res.text();
    const body = type.includes("application/json") && text ? JSON.parse(text) : text;
    const where = `${c.method} ${c.url} → ${res.status}`;
    const documentedErrors = Object.keys(op.responses).filter((s) => s.startsWith("4"));
    const wanted =
      c.expect === undefined
        ? res.status >= 200 && res.status < 400
        : c.expect === "error"
          ? documentedErrors.includes(String(res.status))
          : res.status === c.expect;
    if (!wanted) throw new Error(`${where} (wanted ${c.expect ?? "success"}) ${text.slice(0, 300)}`);
    const documented = op.responses[String(res.status)];
    if (!documented) {
      throw new Error(`${where}: status not documented (${Object.keys(op.responses).join(", ")})`);
    }
    for (const [media, { schema }] of Object.entries(documented.content ?? {})) {
      if (!typeMatches(type, media)) throw new Error(`${where}: content-type ${type}, documented ${media}`);
      // `#/components/schemas/Error` resolves against the document's components, carried along.
      const root = { ...schema, components: doc().components };
      if (media === "application/json" && schema && !ajv.validate(root, body)) {
        throw new Error(`${where}: ${ajv.errorsText(ajv.errors)} in ${text.slice(0, 200)}`);
      }
    }
    if (res.status < 400) succeeded.set(opKey(c.method, c.path), c);
    else erred.add(opKey(c.method, c.path));
    return { status: res.status, body, text, headers: res.headers };
  }

  /** A `fetch` that sends `/api/...` requests to the route handlers through `call` (SIWE helper). */
  const viaRoutes: typeof fetch = async (input, init) => {
    const u = new URL(String(input));
    const entry = API_ROUTES.find((r) => templateRe(r.path).test(u.pathname));
    if (!entry) throw new Error(`no route for ${u.pathname}`);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const a = await call({
      method: (init?.method ?? "GET") as Method,
      path: entry.path,
      url: u.pathname + u.search,
      as: "none",
      raw: init?.body ? { body: String(init.body), type: headers["content-type"] ?? "" } : undefined,
      headers,
    });
    return new Response(a.text || null, { status: a.status, headers: a.headers });
  };

  /**
   * One documented error answer for an operation, from its last successful call: a participant on an
   * operator route (403), no session (401), an invalid body (400), a foreign origin (403), unknown
   * path values (400/404), or invalid query values (400) — the first the operation documents.
   * Returns why none worked, or null.
   */
  async function errorCase(key: string): Promise<string | null> {
    if (erred.has(key)) return null;
    const c = succeeded.get(key);
    if (!c) return `${key}: never answered a success, nothing to derive an error call from`;
    const op = opOf(c.method, c.path) as Op;
    // A 429 takes a burst of requests past the limit: not a cheap probe (route.int.test.ts tests it).
    const errs = Object.keys(op.responses).filter((s) => s.startsWith("4") && s !== "429");
    if (errs.length === 0) {
      if (op.responses["429"]) onlyRateLimited.push(key);
      return null;
    }
    const { expect: _ignored, ...base } = c;
    const [pathPart, search = ""] = c.url.split("?");
    const tries: Call[] = [];
    if (op["x-aurum-roles"]) tries.push({ ...base, as: "user" });
    if (op.security) tries.push({ ...base, as: "none" });
    if (op.requestBody?.content["text/csv"])
      tries.push({ ...base, raw: { body: "no,header\n", type: "text/csv" } });
    else if (op.requestBody) tries.push({ ...base, raw: undefined, body: [] });
    if (errs.includes("403")) tries.push({ ...base, origin: "https://elsewhere.example" });
    if (c.path.includes("{")) {
      const url = c.path.replace(/\{[^}]+\}/g, "zz-no-such~1");
      tries.push({ ...base, url: search ? `${url}?${search}` : url });
    }
    const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => `${p.name}=%7E%7E!`);
    if (query.length) tries.push({ ...base, url: `${pathPart}?${query.join("&")}` });
    const why: string[] = [];
    for (const t of tries) {
      try {
        await call({ ...t, expect: "error" });
        return null;
      } catch (err) {
        why.push((err as Error).message.slice(0, 200));
      }
    }
    return `${key}: no documented error answer (${errs.join(", ")}) reached: ${why.join(" | ") || "no strategy"}`;
  }

  const documentedOps = () =>
    Object.entries(doc().paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => opKey(m, p)));

  return { call, viaRoutes, errorCase, succeeded, erred, onlyRateLimited, documentedOps };
}
