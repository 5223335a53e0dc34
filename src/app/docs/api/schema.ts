/**
 * JSON Schemas of our OpenAPI document (zod's `toJSONSchema`, draft 2020-12; src/server/openapi.ts)
 * written as TypeScript-like type listings, the notation integrators read fastest:
 *
 *     {
 *       id: string  // uuid
 *       note?: string | null  // at most 500 characters
 *       items: Array<{
 *         rank: integer  // ≥ 1
 *       }>
 *     }
 *
 * `?` marks an optional field; constraints, formats and descriptions follow as `//` comments. A
 * listing is plain text (one <pre> per schema): the whole document is ~2,000 schema nodes on one
 * page, and an element per node cost the page its Lighthouse budget (see page.tsx).
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
};

/** One line of a listing: its indentation level, the code, and the comment after it. */
export type Line = { depth: number; code: string; comment?: string };

/** Deeper than any schema of ours; a guard against a self-referencing schema, not a display choice. */
const MAX_DEPTH = 12;

/** `#/components/schemas/Error` → `Error`; another ref's last segment. */
export function refName(ref: string): string {
  return decodeURIComponent(ref.slice(ref.lastIndexOf("/") + 1));
}

const isNull = (s: JsonSchema) => s.type === "null";

/**
 * A union with exactly one non-null member is that member, nullable (zod's `.nullable()` becomes
 * `anyOf: [X, {type: "null"}]`); a `type` array with "null" likewise.
 */
export function unwrapNullable(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const union = s.anyOf ?? s.oneOf;
  if (union) {
    const rest = union.filter((m) => !isNull(m));
    if (rest.length === 1 && rest.length < union.length) {
      const inner = rest[0] as JsonSchema;
      return { schema: { ...inner, description: inner.description ?? s.description }, nullable: true };
    }
  }
  if (Array.isArray(s.type) && s.type.includes("null")) {
    const types = s.type.filter((t) => t !== "null");
    return { schema: { ...s, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema: s, nullable: false };
}

const unionMembers = (s: JsonSchema) => s.oneOf ?? s.anyOf ?? s.allOf;
const hasFields = (s: JsonSchema) => !!s.properties && Object.keys(s.properties).length > 0;

/** The value schema of a map (`z.record`): an object without properties and a schema for the others. */
function mapValue(s: JsonSchema): JsonSchema | null {
  if (hasFields(s)) return null;
  return typeof s.additionalProperties === "object" ? s.additionalProperties : null;
}

const literal = (v: unknown) => JSON.stringify(v) ?? String(v);
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** Whether a schema takes several lines (it has fields somewhere inside) or fits in one. */
function isBlock(input: JsonSchema): boolean {
  const { schema: s } = unwrapNullable(input);
  if (s.$ref || s.enum || s.const !== undefined) return false;
  if (hasFields(s)) return true;
  const members = unionMembers(s);
  if (members) return members.some(isBlock);
  const inner = s.items ?? mapValue(s);
  return inner ? isBlock(inner) : false;
}

/** A one-line type: `string`, `"a" | "b"`, `string[]`, `Record<string, integer>`, `Error`, `T | null`. */
export function inlineType(input: JsonSchema): string {
  const { schema: s, nullable } = unwrapNullable(input);
  const base = baseType(s);
  return nullable ? `${base} | null` : base;
}

function baseType(s: JsonSchema): string {
  if (s.$ref) return refName(s.$ref);
  if (s.const !== undefined) return literal(s.const);
  if (s.enum) return s.enum.map(literal).join(" | ");
  const members = unionMembers(s);
  if (members) return members.map(inlineType).join(s.allOf ? " & " : " | ");
  if (Array.isArray(s.type)) return s.type.join(" | ");
  if (s.prefixItems) return `[${s.prefixItems.map(inlineType).join(", ")}]`;
  if (s.type === "array" || s.items) {
    if (!s.items) return "unknown[]";
    const item = inlineType(s.items);
    return item.includes(" ") ? `(${item})[]` : `${item}[]`;
  }
  const value = mapValue(s);
  if (value) {
    const keys = s.propertyNames?.enum ? s.propertyNames.enum.map(literal).join(" | ") : "string";
    return `Record<${keys}, ${inlineType(value)}>`;
  }
  if (s.type === "object" || s.properties) return s.additionalProperties === false ? "{}" : "object";
  return s.type ?? "unknown";
}

/** Format, constraints and default worth a reader's eye, each a short phrase. */
export function constraints(input: JsonSchema): string[] {
  const { schema: s } = unwrapNullable(input);
  const out: string[] = [];
  if (s.format) out.push(s.format);
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined)
      out.push(min === max ? `${min} ${unit}` : `${min}–${max} ${unit}`);
    else if (min !== undefined && min > 0) out.push(`at least ${min} ${unit}`);
    else if (max !== undefined) out.push(`at most ${max} ${unit}`);
  };
  range(s.minLength, s.maxLength, "characters");
  range(s.minItems, s.maxItems, "items");
  if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined) out.push(`≤ ${s.maximum}`);
  if (s.exclusiveMaximum !== undefined) out.push(`< ${s.exclusiveMaximum}`);
  if (s.pattern) out.push(`pattern ${s.pattern}`);
  if (s.propertyNames?.pattern) out.push(`keys match ${s.propertyNames.pattern}`);
  if (s.default !== undefined) out.push(`default ${literal(s.default)}`);
  // A one-line array or map carries its items' constraints ("each 42 characters").
  const inner = s.items ?? mapValue(s);
  if (inner && !isBlock(inner)) {
    const each = constraints(inner);
    if (each.length) out.push(`each ${each.join(", ")}`);
  }
  return out;
}

function commentOf(s: JsonSchema): string | undefined {
  const parts = constraints(s);
  const description = unwrapNullable(s).schema.description;
  if (description) parts.push(description);
  return parts.length ? parts.join(" · ") : undefined;
}

/** The listing of a schema. */
export function schemaLines(schema: JsonSchema): Line[] {
  const out: Line[] = [];
  emit(schema, "", "", 0, out);
  return out;
}

/** The fields of an object (or an operation's parameters) as lines, without the braces. */
export function fieldLines(
  properties: Record<string, JsonSchema>,
  required: readonly string[],
  depth = 0,
): Line[] {
  const out: Line[] = [];
  for (const [name, field] of Object.entries(properties)) {
    emit(field, `${key(name)}${required.includes(name) ? "" : "?"}: `, "", depth, out);
  }
  return out;
}

/** Writes `prefix` + the schema + `suffix` at `depth`: one line, or an opening line, the inside and a closing line. */
function emit(input: JsonSchema, prefix: string, suffix: string, depth: number, out: Line[]): void {
  const comment = commentOf(input);
  if (depth > MAX_DEPTH) {
    out.push({ depth, code: `${prefix}…${suffix}` });
    return;
  }
  if (!isBlock(input)) {
    out.push({ depth, code: `${prefix}${inlineType(input)}${suffix}`, comment });
    return;
  }
  const { schema: s, nullable } = unwrapNullable(input);
  const close = `${nullable ? " | null" : ""}${suffix}`;
  if (hasFields(s)) {
    out.push({ depth, code: `${prefix}{`, comment });
    out.push(...fieldLines(s.properties ?? {}, s.required ?? [], depth + 1));
    out.push({ depth, code: `}${close}` });
    return;
  }
  const members = unionMembers(s);
  if (members) {
    out.push({ depth, code: `${prefix}(`, comment });
    for (const member of members) emit(member, s.allOf ? "& " : "| ", "", depth + 1, out);
    out.push({ depth, code: `)${close}` });
    return;
  }
  const value = mapValue(s);
  if (value) {
    const keys = s.propertyNames?.enum ? s.propertyNames.enum.map(literal).join(" | ") : "string";
    // The map's own constraints stay on its opening line; the value's come with the value.
    emitWrapped(value, `${prefix}Record<${keys}, `, `>${close}`, depth, out, comment);
    return;
  }
  emitWrapped(s.items as JsonSchema, `${prefix}Array<`, `>${close}`, depth, out, comment);
}

/** An array's items or a map's values inside `Array<…>` / `Record<…>`, the container's comment first. */
function emitWrapped(
  inner: JsonSchema,
  prefix: string,
  suffix: string,
  depth: number,
  out: Line[],
  comment?: string,
) {
  const start = out.length;
  emit(inner, prefix, suffix, depth, out);
  const first = out[start];
  if (first && comment) first.comment = first.comment ? `${comment} · ${first.comment}` : comment;
}
