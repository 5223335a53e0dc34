import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { config, resetConfigForTests } from "@/server/config";
import { openApiDocument } from "@/server/openapi";
import { testDb } from "../../../../test/db";
import { GET } from "./route";

// METRICS_TOKEN: the scrape endpoint behind a bearer token when set, open when not.
const TOKEN = "s3cret-metrics-token-0123456789";

let handle: DbHandle;
beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-metrics-"));
  resetConfigForTests();
  handle = await testDb();
}, 120_000);
afterEach(() => {
  delete process.env.METRICS_TOKEN;
  resetConfigForTests();
});
afterAll(async () => {
  await handle?.close();
});

async function scrape(authorization?: string) {
  const headers = authorization === undefined ? undefined : { authorization };
  return GET(new Request(`${config().origin}/api/metrics`, { headers }), { params: Promise.resolve({}) });
}

function withToken() {
  process.env.METRICS_TOKEN = TOKEN;
  resetConfigForTests();
}

describe("GET /api/metrics", () => {
  it("is open while METRICS_TOKEN is unset", async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toContain("aurum_http_requests_total");
  });

  it("answers 401 with the standard error body without a token", async () => {
    withToken();
    const res = await scrape();
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await res.json()).toEqual({
      error: { code: "UNAUTHORIZED", message: "Send the metrics token as Authorization: Bearer <token>." },
    });
  });

  it.each([
    ["another token", `Bearer ${TOKEN}x`],
    ["a prefix of the token", `Bearer ${TOKEN.slice(0, 10)}`],
    ["the token without the scheme", TOKEN],
    ["another scheme", `Basic ${TOKEN}`],
    ["an empty bearer", "Bearer "],
  ])("answers 401 for %s", async (_, authorization) => {
    withToken();
    const res = await scrape(authorization);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("UNAUTHORIZED");
  });

  it("answers 200 with the right token (the scheme in any case)", async () => {
    withToken();
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("aurum_http_requests_total");
    }
  });

  it("documents the 401 in the OpenAPI document", async () => {
    const doc = await openApiDocument();
    const op = (doc.paths["/api/metrics"] as Record<string, { responses: Record<string, unknown> }>).get;
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(["200", "401"]));
  });
});
