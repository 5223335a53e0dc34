import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { logLevelFrom, serializeErr } from "./logger";

// A failed query's bound values never reach a log line (logger.ts, withoutQueryValues): a console
// webhook's fresh signing secret did, through drizzle's error message, when its insert failed.

const SECRET = "whsec_Zm9vYmFyYmF6cXV4MDEyMzQ1Njc4OWFiY2RlZg";
const SQL = 'insert into "webhook_endpoints" ("url", "secret") values ($1, $2) returning "id"';

/** What PGlite (or node-postgres) throws for a check violation: its query, params and failing row. */
function driverError(): Error {
  return Object.assign(
    new Error(
      'new row for relation "webhook_endpoints" violates check constraint "webhook_endpoints_url_check"',
    ),
    {
      severity: "ERROR",
      code: "23514",
      constraint: "webhook_endpoints_url_check",
      detail: `Failing row contains (1f0c, HTTPS://hooks.example/x, ${SECRET}, {}, t, console).`,
      query: SQL,
      params: ["HTTPS://hooks.example/x", SECRET],
    },
  );
}

describe("serializeErr and a failed query", () => {
  it("keeps the SQL, the cause and the type, never a bound value (message, stack, params, detail)", () => {
    const err = new DrizzleQueryError(SQL, ["HTTPS://hooks.example/x", SECRET], driverError());
    expect(err.message).toContain(SECRET); // drizzle prints them: what the serializer must drop
    const out = serializeErr(err) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("HTTPS://hooks.example/x");
    expect(out).not.toHaveProperty("params");
    expect(out.type).toBe("DrizzleQueryError");
    expect(out.query).toBe(SQL);
    expect(out.message).toBe(
      `Failed query: ${SQL}: new row for relation "webhook_endpoints" violates check constraint "webhook_endpoints_url_check"`,
    );
    expect(out.stack).toMatch(/^Error: Failed query: insert into .*\n\s+at /);
    expect(out.stack).toContain("caused by: Error: new row for relation");
  });

  it("drops params and detail of a driver error logged on its own, keeping its code and constraint", () => {
    const out = serializeErr(driverError()) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(out).toMatchObject({ code: "23514", constraint: "webhook_endpoints_url_check", query: SQL });
    expect(out).not.toHaveProperty("detail");
  });

  it("cleans a query error nested in another error's field, and leaves other errors as they were", () => {
    const inner = new DrizzleQueryError(SQL, [SECRET], driverError());
    const outer = Object.assign(new Error("sync failed"), { source: inner });
    expect(JSON.stringify(serializeErr(outer))).not.toContain(SECRET);
    const plain = Object.assign(new Error("receiver said no"), { detail: "kept", status: 502 });
    expect(serializeErr(plain)).toMatchObject({ message: "receiver said no", detail: "kept", status: 502 });
  });
});

describe("logLevelFrom (LOG_LEVEL before the configuration is validated)", () => {
  it("takes every level pino knows, silent included", () => {
    for (const level of ["trace", "debug", "info", "warn", "error", "fatal", "silent"]) {
      expect(logLevelFrom({ LOG_LEVEL: level })).toBe(level);
    }
  });

  it("falls back to the default for an empty or unknown value, which pino would throw on", () => {
    for (const LOG_LEVEL of [undefined, "", "verbose", "INFO", "toString", "constructor"]) {
      expect(logLevelFrom({ LOG_LEVEL })).toBe("info");
      expect(logLevelFrom({ LOG_LEVEL, NODE_ENV: "test" })).toBe("silent");
      // The value it answers is one pino starts with.
      expect(() => pino({ level: logLevelFrom({ LOG_LEVEL }) })).not.toThrow();
    }
    expect(() => pino({ level: "verbose" })).toThrow(/default level/);
  });
});
