import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { testDb } from "../../test/db";
import { API_ROUTES } from "./api-routes.generated";
import { config } from "./config";
import { type OpenApiDocument, openApiDocument } from "./openapi";

const ADMIN = "0x00000000000000000000000000000000000ad222";

let handle: DbHandle;
let doc: OpenApiDocument;
let cookie = "";
beforeAll(async () => {
  handle = await testDb();
  const s = await createTestSession(ADMIN);
  await handle.db.insert(staffRoles).values({ address: ADMIN, role: "admin", grantedBy: "test" });
  cookie = s.cookieHeader;
  doc = await openApiDocument();
}, 120_000);
afterAll(() => handle?.close());

function ajv() {
  const a = new Ajv2020({ strict: false, allErrors: true });
  addFormats(a);
  a.addSchema({ $id: "doc", ...doc, components: doc.components }, "doc");
  return a;
}

type Op = {
  responses: Record<string, { content?: { "application/json"?: { schema: object } } }>;
  parameters: { in: string; required: boolean }[];
  "x-aurum-undocumented"?: boolean;
};

describe("the OpenAPI document", () => {
  it("has every API route file, and every operation comes from route-layer metadata", () => {
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(API_ROUTES.map((r) => r.path))].sort());
    const undocumented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops as Record<string, Op>)
        .filter(([, op]) => op["x-aurum-undocumented"])
        .map(([m]) => `${m.toUpperCase()} ${p}`),
    );
    expect(undocumented).toEqual([]);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("is served at /api/openapi.json", async () => {
    const { GET } = await import("@/app/api/openapi.json/route");
    const res = await GET(new Request(`${config().origin}/api/openapi.json`), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as OpenApiDocument).paths).toHaveProperty(["/api/public/v1/tasks"]);
  });

  it("describes the real answers: every parameter-less GET validated against its schema", async () => {
    const validator = ajv();
    const checked: string[] = [];
    const failures: string[] = [];
    for (const { path, load } of API_ROUTES) {
      const op = (doc.paths[path] as Record<string, Op> | undefined)?.get;
      if (!op || path.includes("{") || path.endsWith(".csv") || path === "/api/openapi.json") continue;
      if (op.parameters.some((p) => p.required)) continue;
      const mod = await load();
      const handler = mod.GET as (req: Request, ctx: unknown) => Promise<Response>;
      const res = await handler(new Request(`${config().origin}${path}`, { headers: { cookie } }), {
        params: Promise.resolve({}),
      });
      if (!(res.headers.get("content-type") ?? "").includes("json")) continue;
      // A 503 from health (its database down) reports its failing parts in its own shape, not an
      // API error. (No chain in this test: that is a 200 with rpc "error", checked like the rest.)
      if (path === "/api/health" && res.status === 503) continue;
      const body = await res.json();
      const described = op.responses[String(res.status)]?.content?.["application/json"]?.schema;
      const schema = res.ok ? described : { $ref: "doc#/components/schemas/Error" };
      if (!schema) continue;
      if (!validator.validate(schema, body))
        failures.push(`${path} ${res.status}: ${validator.errorsText(validator.errors)}`);
      else checked.push(`${path} ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(5);
  });
});
