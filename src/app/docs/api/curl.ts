import { sample } from "openapi-sampler";
import { sessionCookieName } from "@/features/auth";
import type { OpenApiDocument } from "@/server/openapi";
import type { Operation } from "./model";
import type { JsonSchema } from "./schema";

/**
 * A copyable curl command per operation, in place of an in-browser "try it" console (the page's
 * header comment says why). Path parameters stay `{name}` placeholders; required query parameters
 * and the JSON body get a sample value generated from their schema by openapi-sampler (Redocly's,
 * the one Redoc uses), so the example always matches the schema it sits next to.
 */

type CurlInput = Pick<Operation, "method" | "path" | "access" | "parameters" | "body">;

/** The session cookie's name as the document declares it (`__Host-aurum_session` on an HTTPS site). */
export function sessionCookieOf(doc: OpenApiDocument): string {
  const scheme = doc.components.securitySchemes?.session as { name?: string } | undefined;
  return scheme?.name ?? sessionCookieName(false);
}

/** Single-quoted for POSIX shells: `'` becomes `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}

function sampleOf(schema: JsonSchema, doc: OpenApiDocument): unknown {
  // The sampler's types are draft-7; our schemas are the 2020-12 subset zod writes, which it reads.
  return sample(schema as Parameters<typeof sample>[0], { skipReadOnly: true, quiet: true }, doc);
}

export function curlExample(doc: OpenApiDocument, op: CurlInput): string {
  const origin = doc.servers[0]?.url ?? "";
  const query = op.parameters
    .filter((p) => p.in === "query" && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(sampleOf(p.schema, doc)))}`);
  const url = `${origin}${op.path}${query.length ? `?${query.join("&")}` : ""}`;
  const lines = [`curl${op.method === "get" ? "" : ` -X ${op.method.toUpperCase()}`} ${shellQuote(url)}`];
  if (op.access.kind !== "public") {
    // Double quotes: the shell fills in $SESSION (the cookie value after signing in, see the page).
    lines.push(`-b "${sessionCookieOf(doc)}=$SESSION"`);
  }
  if (op.body?.mediaType === "application/json") {
    lines.push("-H 'content-type: application/json'");
    lines.push(`-d ${shellQuote(JSON.stringify(sampleOf(op.body.schema, doc)))}`);
  } else if (op.body) {
    lines.push(`-H ${shellQuote(`content-type: ${op.body.mediaType}`)}`);
    lines.push("--data-binary @file");
  }
  return lines.join(" \\\n  ");
}
