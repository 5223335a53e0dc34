import { z } from "zod";
import { sessionCookieName } from "@/features/auth";
import { API_ROUTES } from "./api-routes.generated";
import { config } from "./config";
import { ERROR_CODES } from "./error-codes";
import type { RouteOptions } from "./route";

/**
 * The OpenAPI 3.1 document, generated from the route layer: every route's `meta` (its zod schemas
 * for params, query, body and answer, its session, roles and limits) becomes an operation. Nothing
 * is described twice: change a schema and the document follows (docs/ARCHITECTURE.md, "Route layer").
 */

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
type Method = (typeof METHODS)[number];

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components: Record<string, Record<string, unknown>>;
};

const ERROR_REF = { $ref: "#/components/schemas/Error" };

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The parameters of an object schema, one per property (`in`: path or query). */
function parameters(schema: z.ZodType | undefined, where: "path" | "query"): Operation[] {
  if (!schema) return [];
  const json = toSchema(schema, "input");
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: s,
  }));
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

function errorResponses(meta: RouteOptions, method: Method): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const add = (status: number, description: string) => {
    out[String(status)] = { description, content: { "application/json": { schema: ERROR_REF } } };
  };
  if (meta.body || meta.query || meta.params || meta.textBody) add(400, "Invalid input");
  if (meta.session === "required") add(401, "No signed-in session");
  if (meta.roles || (meta.write ?? method !== "get"))
    add(403, meta.roles ? `Not ${meta.roles.join(" or ")}` : "Foreign origin");
  if (meta.params) add(404, "Not found");
  if (meta.body || meta.textBody) add(413, "Body too large");
  if (meta.rateLimit) add(429, "Rate limited (see Retry-After)");
  return out;
}

function operation(path: string, method: Method, meta: RouteOptions | undefined): Operation {
  const pathParams = pathParamNames(path);
  if (!meta) {
    return {
      summary: "(no route-layer metadata)",
      parameters: pathParams.map((name) => ({
        name,
        in: "path",
        required: true,
        schema: { type: "string" },
      })),
      responses: { default: { description: "Answer" } },
      "x-aurum-undocumented": true,
    };
  }
  const params = meta.params
    ? parameters(meta.params, "path")
    : pathParams.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const op: Operation = {
    // Grouped by the first segment after /api (auth, faucet, admin, public …) in the reference.
    tags: [path.split("/")[2] ?? "api"],
    summary: meta.summary ?? "",
    parameters: [...params, ...parameters(meta.query, "query")],
    responses: {
      [String(meta.status ?? 200)]: {
        description: "Success",
        ...(meta.responseType
          ? {
              content: {
                [meta.responseType]: {
                  schema: meta.response ? toSchema(meta.response, "output") : { type: "string" },
                },
              },
            }
          : meta.response
            ? { content: { "application/json": { schema: toSchema(meta.response, "output") } } }
            : {}),
      },
      ...errorResponses(meta, method),
      ...Object.fromEntries(
        Object.entries(meta.responses ?? {}).map(([status, r]) => [
          status,
          {
            description: r.description,
            content: { "application/json": { schema: toSchema(r.schema, "output") } },
          },
        ]),
      ),
    },
  };
  if (meta.body) {
    op.requestBody = {
      required: true,
      content: { "application/json": { schema: toSchema(meta.body, "input") } },
    };
  } else if (meta.textBody) {
    op.requestBody = { required: true, content: { "text/csv": { schema: { type: "string" } } } };
  }
  if (meta.session === "required" || meta.roles) op.security = [{ session: [] }];
  if (meta.roles) op["x-aurum-roles"] = meta.roles;
  if (meta.rateLimit) op["x-aurum-rate-limit"] = meta.rateLimit;
  return op;
}

/** Builds the document by loading every route module (cached: the routes do not change at run time). */
let cached: Promise<OpenApiDocument> | undefined;
export function openApiDocument(): Promise<OpenApiDocument> {
  cached ??= build();
  return cached;
}

async function build(): Promise<OpenApiDocument> {
  const c = config();
  const paths: OpenApiDocument["paths"] = {};
  for (const { path, load } of API_ROUTES) {
    const mod = await load();
    for (const method of METHODS) {
      const handler = mod[method.toUpperCase()] as { meta?: RouteOptions } | undefined;
      if (!handler) continue;
      paths[path] ??= {};
      (paths[path] as Record<string, Operation>)[method] = operation(path, method, handler.meta);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${c.PRODUCT_NAME} Portal API`,
      version: "1",
      description:
        "Generated from the route layer's zod schemas. Amounts are decimal strings of base units; times are ISO 8601 UTC. Limits and prose: docs/api.md.",
    },
    servers: [{ url: c.publicUrl }],
    paths,
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: { code: { type: "string", enum: [...ERROR_CODES] }, message: { type: "string" } },
            },
          },
        },
      },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookieName(c.secureCookies),
          description: "Sign-In With Ethereum session",
        },
        zealyKey: { type: "apiKey", in: "header", name: "x-api-key" },
      },
    },
  };
}
