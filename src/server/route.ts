// Over 300 lines: the route layer is one pipeline whose steps are read in order here (see below); the
// parts that stand alone (body reading, client address, errors, metrics) are their own modules.
import "server-only";
import { NextResponse } from "next/server";
import { ZodError, type z } from "zod";
import { type Db, getDb } from "@/db/client";
import {
  assertSameOrigin,
  hasRole,
  type Role,
  rateLimit,
  rolesOf,
  type Session,
  sessionFromCookieHeader,
} from "@/features/auth/server";
import { assertCleanText, DEFAULT_BODY_LIMIT, readBoundedJson, readBoundedText } from "./body";
import { clientIp, clientKey, subnetOf } from "./client-ip";
import { config } from "./config";
import { ApiError, errorResponse, forbidden, fromZodError, serviceUnavailable, unauthorized } from "./errors";
import { logger } from "./logger";
import { countHttpRequest, observeHttpDuration } from "./metrics";

/**
 * The route layer (docs/ARCHITECTURE.md, "Route layer"): every API route is `route(options, handler)`.
 * It does, in this order and in one place: client address, session and roles, same-origin check for
 * writes, rate limits, bounded body / query / path-parameter parsing with zod, the handler, error
 * mapping to `{"error": {code, message}}`, `Cache-Control`, and metrics. Route files hold business
 * calls only; they never import the database client (the handler gets `db`).
 */

export type SessionMode = "required" | "optional" | "none";

/**
 * What a rate limit counts by. `ip`/`subnet` use the client address (the socket unless a trusted
 * proxy says otherwise); `ip` counts an IPv6 client by its /64 (`clientKey`).
 */
export type RateLimitBy = "ip" | "subnet" | "user" | "address" | "global";

export type RateRule = {
  /** Names the limit in the counter key, e.g. `faucet-claim`. */
  name: string;
  by: RateLimitBy;
  limit: number;
  windowSeconds: number;
};

/**
 * A per-client budget per UTC day: `perIp()` per client address, `subnetFactor` times that per /24
 * or /64. The limit is read per request from `perIp` (config), not at import: route modules are also
 * loaded by `next build`. IP first, so a client over its own budget spends none of its network's.
 */
export function dailyPerClient(name: string, perIp: () => number, subnetFactor: number): RateRule[] {
  const day = 86_400;
  return [
    {
      name,
      by: "ip",
      windowSeconds: day,
      get limit() {
        return perIp();
      },
    },
    {
      name,
      by: "subnet",
      windowSeconds: day,
      get limit() {
        return subnetFactor * perIp();
      },
    },
  ];
}

type AnySchema = z.ZodType;

export type RouteOptions = {
  /** `required`: 401 without a live session. `optional`: the handler gets it or null. Default `none`. */
  session?: SessionMode;
  /** Operator roles allowed (implies a session). Anyone else gets 403, signed in or not. */
  roles?: readonly Role[];
  /** State-changing: refuse foreign `Origin` / `Sec-Fetch-Site`. Default: every method but GET and HEAD. */
  write?: boolean;
  /** JSON body schema; the body is read with a byte limit and refused with 413 past it. */
  body?: AnySchema;
  /** Bytes; default 64 KiB. */
  bodyLimit?: number;
  /** Read the body as plain text instead (e.g. a CSV upload); it arrives as `text`. */
  textBody?: boolean;
  /** Search-parameter schema (values are strings; use `z.coerce` for numbers). */
  query?: AnySchema;
  /** Path-parameter schema. */
  params?: AnySchema;
  rateLimit?: RateRule | readonly RateRule[];
  /** `Cache-Control` of a 2xx answer when the handler sets none. Default `no-store`; errors are always `no-store`. */
  cache?: string;
  /** Status of a successful answer when the handler returns a plain value (default 200). */
  status?: number;
  /** One line for the API reference (OpenAPI `summary`). */
  summary?: string;
  /** Response schema for the API reference and contract tests. */
  response?: AnySchema;
  /** Media type of the success answer when it is not JSON (a CSV, an image, Prometheus text). */
  responseType?: string;
  /**
   * Other answers the handler gives on purpose, by status, for the document only: a replay's 200 next
   * to a creation's 201, or an integration's own error shape (Zealy wants `{message}`). Replaces the
   * generic `Error` answer of the same status.
   */
  responses?: Readonly<Record<number, { description: string; schema: AnySchema }>>;
};

type Out<S> = S extends AnySchema ? z.output<S> : undefined;

type SessionOf<O extends RouteOptions> = O extends { roles: readonly Role[] }
  ? Session
  : O extends { session: "required" }
    ? Session
    : O extends { session: "optional" }
      ? Session | null
      : null;

export type RouteContext<O extends RouteOptions> = {
  req: Request;
  url: URL;
  db: Db;
  session: SessionOf<O>;
  /** Roles of the signed-in address (empty without a session). */
  roles: readonly Role[];
  /** Client address, or null when it cannot be known (a direct call in a test). */
  ip: string | null;
  body: Out<O["body"]>;
  /** The bounded body as text, when `textBody` is set (else ""). */
  text: string;
  query: Out<O["query"]>;
  params: O["params"] extends AnySchema ? z.output<O["params"]> : Record<string, string>;
};

/** A handler answers a Response, or a value sent as JSON with status 200. */
export type RouteHandler<O extends RouteOptions> = (
  ctx: RouteContext<O>,
) => Promise<Response | object> | Response | object;

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type RouteFunction<O extends RouteOptions = RouteOptions> = ((
  req: Request,
  ctx: NextContext,
) => Promise<Response>) & { readonly meta: O };

/** A JSON answer with a status other than 200, or extra headers. */
export function json(
  data: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): NextResponse {
  return NextResponse.json(data, { status: init.status ?? 200, headers: init.headers });
}

const READ_METHODS = new Set(["GET", "HEAD"]);

export function route<const O extends RouteOptions>(options: O, handler: RouteHandler<O>): RouteFunction<O> {
  const fn = async (req: Request, nextCtx: NextContext): Promise<Response> => {
    const started = performance.now();
    const url = new URL(req.url);
    let rawParams: Record<string, string | string[] | undefined> = {};
    const rateHeaders: Record<string, string> = {};
    let res: Response;
    try {
      rawParams = (await nextCtx?.params) ?? {};
      res = await run(options, handler, req, url, rawParams, rateHeaders);
    } catch (err) {
      res = toErrorResponse(err, req.method, routePattern(url.pathname, rawParams));
    }
    // After error mapping, so a 4xx/5xx (and the 429 itself) also says how much budget is left.
    for (const [k, v] of Object.entries(rateHeaders)) if (!res.headers.has(k)) res.headers.set(k, v);
    setCacheControl(res, options.cache);
    const pattern = routePattern(url.pathname, rawParams);
    countHttpRequest(pattern, req.method, res.status);
    observeHttpDuration(pattern, req.method, (performance.now() - started) / 1000);
    return res;
  };
  return Object.assign(fn, { meta: options });
}

async function run<O extends RouteOptions>(
  options: O,
  handler: RouteHandler<O>,
  req: Request,
  url: URL,
  rawParams: Record<string, string | string[] | undefined>,
  rateHeaders: Record<string, string>,
): Promise<Response> {
  const write = options.write ?? !READ_METHODS.has(req.method);
  if (write) assertSameOrigin(req);

  const ip = clientIp(req, config().TRUST_PROXY_HOPS);
  // The database being down is never the client's fault: 503, so load balancers and clients retry.
  const db = await getDb().catch((err: unknown) => {
    logger.error({ err }, "database unavailable");
    throw serviceUnavailable("The service is temporarily unavailable. Try again in a moment.");
  });
  const needsSession =
    Boolean(options.roles) || options.session === "required" || options.session === "optional";
  const session = needsSession ? await sessionFromCookieHeader(req.headers.get("cookie"), db) : null;
  let roles: Role[] = [];
  if (options.roles) {
    roles = session ? await rolesOf(db, session.address) : [];
    // 403 whether signed out or signed in without the role: an operator route reveals nothing.
    if (!session || !hasRole(roles, options.roles)) throw forbidden("You are not allowed to do this.");
  } else if (options.session === "required" && !session) {
    throw unauthorized();
  }

  await applyRateLimits(options.rateLimit, { ip, session }, rateHeaders);

  const params = parseParams(options.params, rawParams);
  const query = options.query ? parse(options.query, queryObject(url.searchParams)) : undefined;
  const body = options.body
    ? parse(options.body, await readBoundedJson(req, options.bodyLimit ?? DEFAULT_BODY_LIMIT))
    : undefined;

  let text = "";
  if (options.textBody) {
    text = await readBoundedText(req, options.bodyLimit ?? DEFAULT_BODY_LIMIT);
    assertCleanText(text);
  }
  const result = await handler({
    req,
    text,
    url,
    db,
    session: session as SessionOf<O>,
    roles,
    ip,
    body: body as Out<O["body"]>,
    query: query as Out<O["query"]>,
    params: params as RouteContext<O>["params"],
  });
  return result instanceof Response ? result : NextResponse.json(result, { status: options.status ?? 200 });
}

/**
 * `options.cache` is for successful answers only: a shared cache (CDN) that kept an error would serve
 * one client's 429, or a 404 from before a publication, to everyone for the whole max-age.
 */
function setCacheControl(res: Response, cache: string | undefined): void {
  if (res.status >= 400) res.headers.set("Cache-Control", "no-store");
  else if (!res.headers.has("cache-control"))
    res.headers.set("Cache-Control", res.status < 300 ? (cache ?? "no-store") : "no-store");
}

function parse<S extends AnySchema>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** Search parameters as an object: a repeated key becomes an array. Text is checked like a body. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? (all[0] as string) : all;
  }
  assertCleanText(out);
  return out;
}

function parseParams(
  schema: AnySchema | undefined,
  raw: Record<string, string | string[] | undefined>,
): unknown {
  assertCleanText(raw);
  return schema ? parse(schema, raw) : raw;
}

/** Counts the request against each rule and writes the tightest one's `RateLimit-*` into `out`. */
async function applyRateLimits(
  rules: RateRule | readonly RateRule[] | undefined,
  who: { ip: string | null; session: Session | null },
  out: Record<string, string>,
): Promise<void> {
  if (!rules) return;
  const list: readonly RateRule[] = Array.isArray(rules) ? rules : [rules as RateRule];
  let tightest: { limit: number; remaining: number; reset: number } | null = null;
  const report = (t: { limit: number; remaining: number; reset: number }) => {
    out["RateLimit-Limit"] = String(t.limit);
    out["RateLimit-Remaining"] = String(t.remaining);
    out["RateLimit-Reset"] = String(t.reset);
  };
  for (const rule of list) {
    const subject = rateSubject(rule.by, who);
    if (subject === null) continue;
    let state: Awaited<ReturnType<typeof rateLimit>>;
    try {
      state = await rateLimit({
        key: `${rule.name}:${rule.by}:${subject}`,
        limit: rule.limit,
        windowSeconds: rule.windowSeconds,
      });
    } catch (err) {
      // The rule that refused is the tightest: nothing left until its window ends.
      if (err instanceof ApiError && err.status === 429)
        report({ limit: rule.limit, remaining: 0, reset: Number(err.headers["Retry-After"]) || 1 });
      throw err;
    }
    if (!tightest || state.remaining < tightest.remaining) {
      tightest = { limit: rule.limit, remaining: state.remaining, reset: state.resetSeconds };
      report(tightest);
    }
  }
}

/**
 * Whom a rule counts. A client whose address is unknown (served without scripts/serve.ts and without
 * TRUST_PROXY_HOPS: `next start` behind nothing) is counted in production as one shared client,
 * "unknown": skipping the per-client rules there would leave nonces, sign-ins, public tickets and
 * referral visits unlimited for a bot farm. Everyone then shares those budgets, which the start-up
 * warning (client-ip-warning.ts) tells the operator to fix. Elsewhere (tests calling
 * handlers directly, `next dev`) the rule is skipped.
 */
function rateSubject(by: RateLimitBy, who: { ip: string | null; session: Session | null }): string | null {
  switch (by) {
    case "ip":
      return who.ip ? clientKey(who.ip) : unknownClient();
    case "subnet":
      return who.ip ? subnetOf(who.ip) : unknownClient();
    case "user":
      return who.session?.userId ?? null;
    case "address":
      return who.session?.address.toLowerCase() ?? null;
    case "global":
      return "all";
  }
}

/**
 * A thrown ApiError or ZodError is the client's answer; anything else is logged and answered 500.
 * The log names the route's pattern, never the URL: a path or query can carry a bearer secret (a
 * support ticket's private link, an email verification token).
 */
function toErrorResponse(err: unknown, method: string, pattern: string): Response {
  if (err instanceof ApiError) return errorResponse(err);
  if (err instanceof ZodError) return errorResponse(fromZodError(err));
  logger.error({ err, route: pattern, method }, "unhandled error in route handler");
  return errorResponse(new ApiError(500, "SERVER_ERROR", "Something went wrong"));
}

/**
 * The route's pattern for metrics, e.g. `/api/account/[address]/balance`: every path segment that is
 * a parameter's value is replaced by the parameter's name, so labels stay few whatever clients send.
 */
export function routePattern(
  pathname: string,
  params: Record<string, string | string[] | undefined>,
): string {
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string") byValue.set(value, `[${name}]`);
    else if (Array.isArray(value)) for (const v of value) byValue.set(v, `[...${name}]`);
  }
  const out: string[] = [];
  for (const segment of pathname.split("/")) {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A malformed escape is not a parameter value we were given; keep the raw text.
    }
    const name = byValue.get(decoded);
    if (name && out[out.length - 1] === name && name.startsWith("[...")) continue;
    out.push(name ?? segment);
  }
  return out.join("/");
}

const unknownClient = (): string | null => (process.env.NODE_ENV === "production" ? "unknown" : null);
