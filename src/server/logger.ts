import pino from "pino";
import { withoutRpcUrl } from "./rpc-error";

/**
 * Every logged `err`, whatever the call site: viem puts the request URL in an error's message, meta
 * lines and stack, and TESTNET_RPC_URL may carry the provider's key in its path; a failed query's
 * error carries its bound values (withoutQueryValues).
 */
export function serializeErr(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const err = withoutQueryValues(value, new Map());
  return JSON.parse(withoutRpcUrl(JSON.stringify(pino.stdSerializers.err(err))));
}

/** Keys of a failed query's error that hold its bound values (or, `detail`, a row made of them). */
const VALUE_KEYS = new Set(["params", "detail", "queryOptions"]);
const PARAMS_LINE = "\nparams: ";

const isErrorLike = (v: unknown): v is Error =>
  typeof v === "object" && v !== null && typeof (v as { message?: unknown }).message === "string";

/**
 * A copy of `err` (same prototype, so the logged type stays) without the bound values of a failed
 * query, in it or in its causes: drizzle's DrizzleQueryError prints them in its message ("Failed
 * query: …\nparams: …", so in its stack too) and keeps them in `params`; PGlite's and node-postgres'
 * errors keep `params` too, and PostgreSQL puts the failing row or the conflicting key in `detail`.
 * A console webhook's freshly generated `whsec_…` secret reached the log this way. The SQL text
 * (placeholders only), the SQLSTATE code and the constraint's name stay: they say what failed.
 */
function withoutQueryValues(err: Error, seen: Map<Error, Error>): Error {
  const known = seen.get(err);
  if (known) return known;
  const fields = err as unknown as Record<string, unknown>;
  const queryError = "params" in err || err.message.startsWith("Failed query: ");
  const dbError = queryError || typeof fields.severity === "string";
  const copy = Object.create(Object.getPrototypeOf(err)) as Record<string, unknown>;
  seen.set(err, copy as unknown as Error);
  for (const key in err) {
    if (dbError && VALUE_KEYS.has(key)) continue;
    const v = fields[key];
    copy[key] = isErrorLike(v) ? withoutQueryValues(v, seen) : v;
  }
  let message = err.message;
  let stack = err.stack;
  const at = queryError ? message.indexOf(PARAMS_LINE) : -1;
  if (at >= 0) {
    message = message.slice(0, at);
    // V8 wrote the message into the stack when the error was made; without it there, cut the
    // params line up to the first frame.
    stack = stack?.includes(err.message)
      ? stack.replace(err.message, () => message)
      : stack?.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, "");
  }
  const hidden = { writable: true, configurable: true, enumerable: false };
  Object.defineProperty(copy, "message", { ...hidden, value: message });
  Object.defineProperty(copy, "stack", { ...hidden, value: stack });
  if (isErrorLike(err.cause))
    Object.defineProperty(copy, "cause", { ...hidden, value: withoutQueryValues(err.cause, seen) });
  const errors = (err as { errors?: unknown }).errors;
  if (Array.isArray(errors))
    copy.errors = errors.map((e) => (e instanceof Error ? withoutQueryValues(e, seen) : e));
  return copy as unknown as Error;
}

/**
 * LOG_LEVEL as pino may take it. An empty or unknown value is the default: pino throws on it ("default
 * level: must be included in custom levels") when this module loads, before any entry has validated
 * its configuration, so `LOG_LEVEL=` or `LOG_LEVEL=verbose` crashed every process with that instead
 * of the configuration's message naming the variable (src/server/config.ts reports an unknown one).
 */
export function logLevelFrom(env: Record<string, string | undefined>): string {
  const level = env.LOG_LEVEL;
  if (level && (level === "silent" || Object.hasOwn(pino.levels.values, level))) return level;
  return env.NODE_ENV === "test" ? "silent" : "info";
}

/** One JSON logger for the process; the level comes from LOG_LEVEL (read directly so logging works before config). */
export const logger = pino({
  level: logLevelFrom(process.env),
  base: { app: "aurum-portal" },
  redact: { paths: ["*.privateKey", "*.signature", "*.cookie", "req.headers.cookie"], remove: true },
  serializers: { err: serializeErr },
});
