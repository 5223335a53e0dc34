import { describe, expect, it } from "vitest";
import {
  constraints,
  fieldLines,
  inlineType,
  type JsonSchema,
  type Line,
  schemaLines,
  unwrapNullable,
} from "./schema";

/** A listing as the page shows it (two spaces a level, comments after `//`). */
const text = (lines: Line[]) =>
  lines.map((l) => `${"  ".repeat(l.depth)}${l.code}${l.comment ? `  // ${l.comment}` : ""}`).join("\n");

describe("inlineType", () => {
  it.each<[JsonSchema, string]>([
    [{ type: "string" }, "string"],
    [{ type: "integer" }, "integer"],
    [{ type: "array", items: { type: "string" } }, "string[]"],
    [{ type: "array", items: { type: "array", items: { type: "number" } } }, "number[][]"],
    [{ type: "array", items: { enum: ["a", "b"] } }, '("a" | "b")[]'],
    [{ type: "array" }, "unknown[]"],
    [{ type: "string", enum: ["open", "closed"] }, '"open" | "closed"'],
    [{ const: "faucet" }, '"faucet"'],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, "string | null"],
    [{ type: ["integer", "null"] }, "integer | null"],
    [{ $ref: "#/components/schemas/Error" }, "Error"],
    [{ oneOf: [{ type: "string" }, { type: "number" }] }, "string | number"],
    [{ type: "object", additionalProperties: { type: "integer" } }, "Record<string, integer>"],
    [
      { type: "object", propertyNames: { enum: ["a", "b"] }, additionalProperties: { type: "boolean" } },
      'Record<"a" | "b", boolean>',
    ],
    [{ type: "object", properties: {}, additionalProperties: false }, "{}"],
    [{ prefixItems: [{ type: "string" }, { type: "number" }] }, "[string, number]"],
    [{}, "unknown"],
  ])("%j → %s", (schema, expected) => {
    expect(inlineType(schema)).toBe(expected);
  });
});

describe("constraints", () => {
  it("says formats, lengths, bounds, patterns and defaults in short phrases", () => {
    expect(constraints({ type: "string", minLength: 1, maxLength: 64, pattern: "^0x[0-9a-f]+$" })).toEqual([
      "1–64 characters",
      "pattern ^0x[0-9a-f]+$",
    ]);
    expect(constraints({ type: "integer", minimum: 1, maximum: 100, default: 20 })).toEqual([
      "≥ 1",
      "≤ 100",
      "default 20",
    ]);
    expect(constraints({ type: "string", format: "date-time" })).toEqual(["date-time"]);
    expect(constraints({ type: "array", maxItems: 50 })).toEqual(["at most 50 items"]);
    expect(constraints({ type: "string", minLength: 0 })).toEqual([]);
    expect(constraints({ type: "string", minLength: 42, maxLength: 42 })).toEqual(["42 characters"]);
    expect(constraints({ type: "number", exclusiveMinimum: 0 })).toEqual(["> 0"]);
  });

  it("reads through a nullable wrapper and carries a one-line array's item constraints", () => {
    expect(constraints({ anyOf: [{ type: "string", maxLength: 5 }, { type: "null" }] })).toEqual([
      "at most 5 characters",
    ]);
    expect(
      constraints({ type: "array", maxItems: 3, items: { type: "string", pattern: "^[a-z]+$" } }),
    ).toEqual(["at most 3 items", "each pattern ^[a-z]+$"]);
  });
});

describe("schemaLines", () => {
  it("lists nested objects with `?` on optional fields and comments for formats, limits and descriptions", () => {
    const schema: JsonSchema = {
      type: "object",
      required: ["ticket"],
      properties: {
        ticket: {
          type: "object",
          required: ["id"],
          description: "The new ticket",
          properties: {
            id: { type: "string", format: "uuid" },
            note: { anyOf: [{ type: "string", maxLength: 500 }, { type: "null" }] },
            "x-trace": { type: "string" },
          },
        },
        cursor: { anyOf: [{ type: "string" }, { type: "null" }], description: "Next page" },
      },
    };
    expect(text(schemaLines(schema))).toBe(
      [
        "{",
        "  ticket: {  // The new ticket",
        "    id: string  // uuid",
        "    note?: string | null  // at most 500 characters",
        '    "x-trace"?: string',
        "  }",
        "  cursor?: string | null  // Next page",
        "}",
      ].join("\n"),
    );
  });

  it("wraps an array of objects and a map of objects, keeping the container's limits on the first line", () => {
    const row: JsonSchema = {
      type: "object",
      required: ["rank"],
      properties: { rank: { type: "integer", minimum: 1 } },
    };
    expect(
      text(
        schemaLines({
          type: "object",
          required: ["items", "byDay"],
          properties: {
            items: { type: "array", maxItems: 100, items: row },
            byDay: { type: "object", additionalProperties: row },
            tags: { type: "array", items: { type: "string" } },
          },
        }),
      ),
    ).toBe(
      [
        "{",
        "  items: Array<{  // at most 100 items",
        "    rank: integer  // ≥ 1",
        "  }>",
        "  byDay: Record<string, {",
        "    rank: integer  // ≥ 1",
        "  }>",
        "  tags?: string[]",
        "}",
      ].join("\n"),
    );
  });

  it("lists each shape of a oneOf and marks a nullable block", () => {
    expect(
      text(
        schemaLines({
          anyOf: [
            {
              oneOf: [
                {
                  type: "object",
                  required: ["kind"],
                  properties: { kind: { const: "quiz" }, answer: { type: "string" } },
                },
                { type: "string", enum: ["none"] },
              ],
            },
            { type: "null" },
          ],
        }),
      ),
    ).toBe(
      ["(", "  | {", '    kind: "quiz"', "    answer?: string", "  }", '  | "none"', ") | null"].join("\n"),
    );
  });

  it("is one line for a scalar or a shared schema", () => {
    expect(schemaLines({ $ref: "#/components/schemas/Error" })).toEqual([{ depth: 0, code: "Error" }]);
    expect(schemaLines({ type: "string", description: "CSV" })).toEqual([
      { depth: 0, code: "string", comment: "CSV" },
    ]);
  });

  it("stops at a depth guard instead of recursing forever", () => {
    const root: JsonSchema = { type: "object", properties: {} };
    let cur = root;
    for (let i = 0; i < 30; i++) {
      const next: JsonSchema = { type: "object", properties: { leaf: { type: "string" } } };
      (cur.properties as Record<string, JsonSchema>)[`f${i}`] = next;
      cur = next;
    }
    const lines = schemaLines(root);
    expect(lines.some((l) => l.code.endsWith("…"))).toBe(true);
    expect(lines.some((l) => l.code.startsWith("f20"))).toBe(false);
  });
});

describe("fieldLines", () => {
  it("lists parameters without braces, `?` on the optional ones", () => {
    expect(
      text(
        fieldLines(
          { taskId: { type: "string", pattern: "^[a-z]+$" }, limit: { type: "integer", default: 20 } },
          ["taskId"],
        ),
      ),
    ).toBe(["taskId: string  // pattern ^[a-z]+$", "limit?: integer  // default 20"].join("\n"));
  });
});

describe("unwrapNullable", () => {
  it("keeps the outer description", () => {
    expect(unwrapNullable({ description: "why", anyOf: [{ type: "string" }, { type: "null" }] })).toEqual({
      schema: { type: "string", description: "why" },
      nullable: true,
    });
    expect(unwrapNullable({ type: "string" }).nullable).toBe(false);
  });
});
