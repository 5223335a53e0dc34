import type { OpenApiDocument } from "@/server/openapi";
import type { RateRule } from "@/server/route";
import { curlExample } from "./curl";
import type { JsonSchema } from "./schema";

/**
 * The OpenAPI document (src/server/openapi.ts) as the reference page reads it: operations grouped
 * by tag, each with its anchor, access rule, inputs, answers, rate limits and a curl example. Pure,
 * so what the page promises (every operation, unique anchors, the order) is unit-tested.
 */

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"] as const;

export type Access = { kind: "public" } | { kind: "session" } | { kind: "roles"; roles: string[] };

export type Parameter = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema };

export type Answer = { status: string; description: string; mediaType?: string; schema?: JsonSchema };

export type Operation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  access: Access;
  parameters: Parameter[];
  body?: { mediaType: string; schema: JsonSchema };
  answers: Answer[];
  rateLimits: RateRule[];
  curl: string;
};

/**
 * `id`: the group's anchor on the index (`/docs/api#tag-public`); `slug`: its page
 * (`/docs/api/public`), where its operations are described in full (page.tsx says why one page per group).
 */
export type TagGroup = { tag: string; id: string; slug: string; operations: Operation[] };

/** `get /api/public/v1/tasks/{taskId}` → `op-get-api-public-v1-tasks-taskid`. */
export function operationAnchor(method: string, path: string): string {
  const slug = path
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `op-${method}-${slug}`;
}

/** `openapi.json` → `openapi-json`: the group's path segment under /docs/api. */
export const tagSlug = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const tagAnchor = (tag: string) => `tag-${tagSlug(tag)}`;

/** The page that describes a group's operations in full, optionally at one operation. */
export const groupHref = (group: Pick<TagGroup, "slug">, anchor?: string) =>
  `/docs/api/${group.slug}${anchor ? `#${anchor}` : ""}`;

type RawOperation = {
  tags?: string[];
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, unknown>[];
  "x-aurum-roles"?: string[];
  "x-aurum-rate-limit"?: RateRule | RateRule[];
};

function access(op: RawOperation): Access {
  const roles = op["x-aurum-roles"];
  if (roles?.length) return { kind: "roles", roles };
  if (op.security?.some((s) => "session" in s)) return { kind: "session" };
  return { kind: "public" };
}

function firstContent(content: Record<string, { schema?: JsonSchema }> | undefined) {
  const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
  return mediaType ? { mediaType, schema: media?.schema } : undefined;
}

function operation(doc: OpenApiDocument, method: string, path: string, op: RawOperation): Operation {
  const body = firstContent(op.requestBody?.content);
  const limits = op["x-aurum-rate-limit"];
  const base = {
    id: operationAnchor(method, path),
    method,
    path,
    summary: op.summary ?? "",
    access: access(op),
    parameters: op.parameters ?? [],
    body: body ? { mediaType: body.mediaType, schema: body.schema ?? { type: "string" } } : undefined,
    answers: Object.entries(op.responses ?? {}).map(([status, r]): Answer => {
      const content = firstContent(r.content);
      return {
        status,
        description: r.description ?? "",
        mediaType: content?.mediaType,
        schema: content?.schema,
      };
    }),
    rateLimits: limits === undefined ? [] : Array.isArray(limits) ? limits : [limits],
  };
  return { ...base, curl: curlExample(doc, base) };
}

/**
 * Tags in alphabetical order, the operator console's (`admin`) last: most readers integrate with
 * the public and participant endpoints. Inside a tag: by path, then GET, POST, PUT, PATCH, DELETE.
 */
export function groupOperations(doc: OpenApiDocument): TagGroup[] {
  const byTag = new Map<string, Operation[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of METHOD_ORDER) {
      const op = (ops as Record<string, RawOperation | undefined>)[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(doc, method, path, op)]);
    }
  }
  const rank = (tag: string) => (tag === "admin" ? 1 : 0);
  return [...byTag.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([tag, operations]) => ({
      tag,
      id: tagAnchor(tag),
      slug: tagSlug(tag),
      operations: operations.sort(
        (a, b) =>
          a.path.localeCompare(b.path) ||
          METHOD_ORDER.indexOf(a.method as (typeof METHOD_ORDER)[number]) -
            METHOD_ORDER.indexOf(b.method as (typeof METHOD_ORDER)[number]),
      ),
    }));
}

/** The error codes of the document's shared `Error` schema (`error.code`'s enum). */
export function errorCodes(doc: OpenApiDocument): string[] {
  const error = (doc.components.schemas as Record<string, JsonSchema> | undefined)?.Error;
  const codes = error?.properties?.error?.properties?.code?.enum;
  return (codes ?? []).map(String);
}

/** `5 per 60 s per client (IPv4 address, IPv6 /64)`, `1000 per 3600 s in total` (docs/api.md "Limits"). */
export function rateLimitText(rule: RateRule): string {
  const per = {
    ip: "per client (IPv4 address, IPv6 /64)",
    subnet: "per subnet",
    user: "per signed-in user",
    address: "per address",
  };
  const scope = rule.by === "global" ? "in total" : per[rule.by];
  return `${rule.limit} per ${rule.windowSeconds} s ${scope}`;
}
