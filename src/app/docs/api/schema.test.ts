import { describe, expect, it } from "vitest";
import {
  constraints,
  type JsonSchema,
  mapValue,
  nestedOf,
  refAnchor,
  typeText,
  unwrapNullable,
} from "./schema";

describe("typeText", () => {
  it.each<[JsonSchema, string]>([
    [{ type: "string" }, "string"],
    [{ type: "string", format: "date-time" }, "string (date-time)"],
    [{ type: "integer" }, "integer"],
    [{ type: "array", items: { type: "string" } }, "array of string"],
    [{ type: "array", items: { type: "array", items: { type: "number" } } }, "array of array of number"],
    [{ type: "array" }, "array"],
    [{ type: "string", enum: ["open", "closed"] }, '"open" | "closed"'],
    [{ const: "faucet" }, '"faucet"'],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, "string | null"],
    [{ type: ["integer", "null"] }, "integer | null"],
    [{ $ref: "#/components/schemas/Error" }, "Error"],
    [{ oneOf: [{ type: "string" }, { type: "number" }] }, "one of 2 shapes"],
    [{ anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] }, "any of 3 shapes"],
    [{ type: "object", additionalProperties: { type: "integer" } }, "map of string → integer"],
    [
      { type: "object", propertyNames: { enum: ["a", "b"] }, additionalProperties: { type: "boolean" } },
      'map of "a" | "b" → boolean',
    ],
    [{ type: "object", properties: { a: { type: "string" } } }, "object"],
    [{}, "any"],
  ])("%j → %s", (schema, text) => {
    expect(typeText(schema)).toBe(text);
  });
});

describe("constraints", () => {
  it("says lengths, bounds, patterns and defaults in short phrases", () => {
    expect(constraints({ type: "string", minLength: 1, maxLength: 64, pattern: "^0x[0-9a-f]+$" })).toEqual([
      "1–64 characters",
      "pattern ^0x[0-9a-f]+$",
    ]);
    expect(constraints({ type: "integer", minimum: 1, maximum: 100, default: 20 })).toEqual([
      "≥ 1",
      "≤ 100",
      "default 20",
    ]);
    expect(constraints({ type: "array", maxItems: 50 })).toEqual(["at most 50 items"]);
    expect(constraints({ type: "string", minLength: 0 })).toEqual([]);
    expect(constraints({ type: "string", minLength: 42, maxLength: 42 })).toEqual(["42 characters"]);
    expect(constraints({ type: "number", exclusiveMinimum: 0 })).toEqual(["> 0"]);
  });

  it("reads through a nullable wrapper", () => {
    expect(constraints({ anyOf: [{ type: "string", maxLength: 5 }, { type: "null" }] })).toEqual([
      "at most 5 characters",
    ]);
  });
});

describe("nestedOf", () => {
  const obj: JsonSchema = { type: "object", properties: { id: { type: "string" } } };
  it("is the object itself, an array's item object, a map's value object, a nullable's object", () => {
    expect(nestedOf(obj)).toBe(obj);
    expect(nestedOf({ type: "array", items: obj })).toBe(obj);
    expect(nestedOf({ type: "array", items: { type: "array", items: obj } })).toBe(obj);
    expect(nestedOf({ type: "object", additionalProperties: obj })).toBe(obj);
    expect(nestedOf({ anyOf: [obj, { type: "null" }] })).toEqual(obj);
  });
  it("is nothing for a scalar, an enum, a ref or an empty object", () => {
    expect(nestedOf({ type: "string" })).toBeNull();
    expect(nestedOf({ enum: ["a"] })).toBeNull();
    expect(nestedOf({ $ref: "#/components/schemas/Error" })).toBeNull();
    expect(nestedOf({ type: "object", properties: {} })).toBeNull();
    expect(nestedOf({ type: "array", items: { type: "string" } })).toBeNull();
  });
  it("is the union for a real union", () => {
    const u: JsonSchema = { oneOf: [obj, { type: "string" }] };
    expect(nestedOf(u)).toBe(u);
  });
});

describe("helpers", () => {
  it("unwrapNullable keeps the outer description", () => {
    expect(unwrapNullable({ description: "why", anyOf: [{ type: "string" }, { type: "null" }] })).toEqual({
      schema: { type: "string", description: "why" },
      nullable: true,
    });
    expect(unwrapNullable({ type: "string" }).nullable).toBe(false);
  });
  it("links only shared component schemas", () => {
    expect(refAnchor("#/components/schemas/Error")).toBe("schema-Error");
    expect(refAnchor("#/$defs/Node")).toBeNull();
  });
  it("a map is an object without properties whose other keys have a schema", () => {
    expect(mapValue({ type: "object", additionalProperties: false })).toBeNull();
    expect(
      mapValue({ type: "object", properties: { a: {} }, additionalProperties: { type: "string" } }),
    ).toBeNull();
  });
});
