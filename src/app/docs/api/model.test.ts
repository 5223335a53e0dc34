import { describe, expect, it } from "vitest";
import { type OpenApiDocument, openApiDocument } from "@/server/openapi";
import { curlExample, shellQuote } from "./curl";
import { errorCodes, groupOperations, operationAnchor, rateLimitText, tagAnchor } from "./model";

const doc = (paths: OpenApiDocument["paths"]): OpenApiDocument => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1", description: "" },
  servers: [{ url: "https://portal.example" }],
  paths,
  components: {
    schemas: {
      Error: {
        type: "object",
        properties: {
          error: { type: "object", properties: { code: { type: "string", enum: ["A_B", "C"] } } },
        },
      },
    },
    securitySchemes: { session: { type: "apiKey", in: "cookie", name: "aurum_session" } },
  },
});

describe("groupOperations", () => {
  const sample = doc({
    "/api/admin/tasks": { get: { tags: ["admin"], summary: "List" } },
    "/api/support/{id}": {
      delete: { tags: ["support"] },
      get: {
        tags: ["support"],
        security: [{ session: [] }],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "Success", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
    "/api/auth/nonce": {
      get: {
        tags: ["auth"],
        "x-aurum-rate-limit": { name: "nonce", by: "ip", limit: 30, windowSeconds: 60 },
      },
    },
    "/api/admin/staff": {
      post: {
        tags: ["admin"],
        security: [{ session: [] }],
        "x-aurum-roles": ["admin"],
        requestBody: { content: { "application/json": { schema: { type: "object" } } } },
      },
    },
  });

  it("groups by tag, alphabetically with the console last, and sorts by path then method", () => {
    const groups = groupOperations(sample);
    expect(groups.map((g) => g.tag)).toEqual(["auth", "support", "admin"]);
    expect(groups.map((g) => g.id)).toEqual(["tag-auth", "tag-support", "tag-admin"]);
    expect(groups[1]?.operations.map((o) => o.method)).toEqual(["get", "delete"]);
    expect(groups[2]?.operations.map((o) => o.path)).toEqual(["/api/admin/staff", "/api/admin/tasks"]);
  });

  it("reads access, parameters, body, answers and rate limits", () => {
    const [auth, support, admin] = groupOperations(sample);
    const nonce = auth?.operations[0];
    expect(nonce?.access).toEqual({ kind: "public" });
    expect(nonce?.rateLimits.map(rateLimitText)).toEqual(["30 per 60 s per client (IPv4 address, IPv6 /64)"]);
    const get = support?.operations[0];
    expect(get?.access).toEqual({ kind: "session" });
    expect(get?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(["path:id"]);
    expect(get?.answers).toEqual([
      { status: "200", description: "Success", mediaType: "application/json", schema: { type: "object" } },
    ]);
    const staff = admin?.operations[0];
    expect(staff?.access).toEqual({ kind: "roles", roles: ["admin"] });
    expect(staff?.body).toEqual({ mediaType: "application/json", schema: { type: "object" } });
  });

  it("anchors are stable slugs", () => {
    expect(operationAnchor("get", "/api/public/v1/tasks/{taskId}/completions/{address}")).toBe(
      "op-get-api-public-v1-tasks-taskid-completions-address",
    );
    expect(tagAnchor("openapi.json")).toBe("tag-openapi-json");
  });

  it("reads the error codes of the shared Error schema", () => {
    expect(errorCodes(sample)).toEqual(["A_B", "C"]);
    expect(errorCodes({ ...sample, components: {} })).toEqual([]);
  });

  it("says a global limit as a total", () => {
    expect(rateLimitText({ name: "x", by: "global", limit: 1000, windowSeconds: 3600 })).toBe(
      "1000 per 3600 s in total",
    );
  });
});

describe("curlExample", () => {
  const d = doc({});
  it("a public GET is one line with the full URL and required query parameters only", () => {
    expect(
      curlExample(d, {
        method: "get",
        path: "/api/leaderboard",
        access: { kind: "public" },
        parameters: [
          { name: "period", in: "query", required: true, schema: { type: "string", enum: ["week", "all"] } },
          { name: "limit", in: "query", required: false, schema: { type: "integer" } },
        ],
      }),
    ).toBe("curl 'https://portal.example/api/leaderboard?period=week'");
  });

  it("a signed-in JSON write sends the session cookie and a body sampled from the schema", () => {
    const cmd = curlExample(d, {
      method: "post",
      path: "/api/support/{id}",
      access: { kind: "session" },
      parameters: [],
      body: {
        mediaType: "application/json",
        schema: {
          type: "object",
          required: ["subject", "priority"],
          properties: {
            subject: { type: "string", default: "It's broken" },
            priority: { enum: ["low", "high"] },
          },
        },
      },
    });
    expect(cmd.split(" \\\n  ")).toEqual([
      "curl -X POST 'https://portal.example/api/support/{id}'",
      '-b "aurum_session=$SESSION"',
      "-H 'content-type: application/json'",
      `-d '{"subject":"It'\\''s broken","priority":"low"}'`,
    ]);
  });

  it("a non-JSON body is sent from a file", () => {
    const cmd = curlExample(d, {
      method: "put",
      path: "/api/admin/airdrop/rounds/{id}",
      access: { kind: "roles", roles: ["admin"] },
      parameters: [],
      body: { mediaType: "text/csv", schema: { type: "string" } },
    });
    expect(cmd).toContain("-H 'content-type: text/csv' \\\n  --data-binary @file");
  });

  it("quotes for a POSIX shell", () => {
    expect(shellQuote("a'b")).toBe("'a'\\''b'");
  });
});

describe("the real document", () => {
  it("lists every operation exactly once, under unique anchors, with a curl example", async () => {
    const real = await openApiDocument();
    const groups = groupOperations(real);
    const listed = groups.flatMap((g) => g.operations.map((o) => `${o.method} ${o.path}`)).sort();
    const inDoc = Object.entries(real.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`))
      .sort();
    expect(listed).toEqual(inDoc);
    const anchors = groups.flatMap((g) => [g.id, ...g.operations.map((o) => o.id)]);
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const op of groups.flatMap((g) => g.operations)) {
      expect(op.curl.startsWith("curl ")).toBe(true);
      // Every JSON body example is valid JSON.
      const body = /-d '(.*)'$/s.exec(op.curl)?.[1];
      if (body) expect(() => JSON.parse(body.replaceAll("'\\''", "'"))).not.toThrow();
    }
    expect(errorCodes(real)).toContain("RATE_LIMITED");
  }, 120_000);
});
