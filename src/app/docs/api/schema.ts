/**
 * The JSON Schema subset our OpenAPI document uses (zod's `toJSONSchema`, draft 2020-12, see
 * src/server/openapi.ts) and the pure helpers the reference renders it with: one line of type text
 * per schema, its constraints, and what nests below it. No React here, so the rules are unit-tested.
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
  title?: string;
};

/** `#/components/schemas/Error` → `Error`; another ref's last segment. */
export function refName(ref: string): string {
  return decodeURIComponent(ref.slice(ref.lastIndexOf("/") + 1));
}

/** The page anchor of a shared schema (`#/components/schemas/X`), or null for any other ref. */
export function refAnchor(ref: string): string | null {
  return ref.startsWith("#/components/schemas/") ? `schema-${refName(ref)}` : null;
}

const isNull = (s: JsonSchema) => s.type === "null" || (s.const === null && !s.type);

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

/** The members of a real union (after `unwrapNullable`), with how to read them. */
export function unionOf(
  s: JsonSchema,
): { kind: "one of" | "any of" | "all of"; members: JsonSchema[] } | null {
  if (s.oneOf) return { kind: "one of", members: s.oneOf };
  if (s.anyOf) return { kind: "any of", members: s.anyOf };
  if (s.allOf) return { kind: "all of", members: s.allOf };
  return null;
}

/** The value schema of a map (`z.record`): an object without properties and a schema for the others. */
export function mapValue(s: JsonSchema): JsonSchema | null {
  if (s.properties && Object.keys(s.properties).length > 0) return null;
  return typeof s.additionalProperties === "object" ? s.additionalProperties : null;
}

const literal = (v: unknown) => JSON.stringify(v) ?? String(v);

/** One short line: `string`, `integer`, `array of object`, `"a" | "b"`, `map of string → integer`, `Error`. */
export function typeText(input: JsonSchema): string {
  const { schema: s, nullable } = unwrapNullable(input);
  const base = baseTypeText(s);
  return nullable ? `${base} | null` : base;
}

function baseTypeText(s: JsonSchema): string {
  if (s.$ref) return refName(s.$ref);
  if (s.const !== undefined) return literal(s.const);
  if (s.enum) return s.enum.map(literal).join(" | ");
  const union = unionOf(s);
  if (union) return `${union.kind} ${union.members.length} shapes`;
  if (Array.isArray(s.type)) return s.type.join(" | ");
  if (s.type === "array" || s.items || s.prefixItems) {
    if (s.prefixItems) return `tuple of ${s.prefixItems.length}`;
    return s.items ? `array of ${typeText(s.items)}` : "array";
  }
  const value = mapValue(s);
  if (value)
    return `map of ${s.propertyNames?.enum ? s.propertyNames.enum.map(literal).join(" | ") : "string"} → ${typeText(value)}`;
  if (s.type === "string" && s.format) return `string (${s.format})`;
  if (s.type) return s.type;
  if (s.properties) return "object";
  return "any";
}

/** Constraints worth a reader's eye, each a short phrase. */
export function constraints(input: JsonSchema): string[] {
  const { schema: s } = unwrapNullable(input);
  const out: string[] = [];
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
  return out;
}

/**
 * What is shown nested below a line, if anything: an object (its fields) or a union (its shapes),
 * looking through arrays and maps (`array of object` nests the object's fields).
 */
export function nestedOf(input: JsonSchema): JsonSchema | null {
  const { schema: s } = unwrapNullable(input);
  if (s.$ref || s.enum || s.const !== undefined) return null;
  if (s.properties && Object.keys(s.properties).length > 0) return s;
  if (unionOf(s)) return s;
  const inner = s.items ?? mapValue(s);
  return inner ? nestedOf(inner) : null;
}
