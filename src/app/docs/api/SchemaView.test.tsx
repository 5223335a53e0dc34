// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FieldList, SchemaView } from "./SchemaView";

afterEach(cleanup);

describe("SchemaView", () => {
  it("is one <pre> whose text is the listing, with the comments muted", () => {
    const { container } = render(
      <SchemaView
        schema={{
          type: "object",
          required: ["id", "items"],
          properties: {
            id: { type: "string", format: "uuid" },
            items: {
              type: "array",
              items: { type: "object", properties: { status: { enum: ["open", "closed"] } } },
            },
            note: { anyOf: [{ type: "string" }, { type: "null" }] },
          },
        }}
      />,
    );
    const pres = container.querySelectorAll("pre");
    expect(pres).toHaveLength(1);
    expect(pres[0]?.textContent).toBe(
      [
        "{",
        "  id: string  // uuid",
        "  items: Array<{",
        '    status?: "open" | "closed"',
        "  }>",
        "  note?: string | null",
        "}",
      ].join("\n"),
    );
    // Comments are the only elements inside (muted by reference.css).
    const comments = [...container.querySelectorAll("pre *")].map((s) => `${s.tagName} ${s.textContent}`);
    expect(comments).toEqual(["SPAN   // uuid"]);
  });

  it("shows each shape of a oneOf", () => {
    const { container } = render(
      <SchemaView
        schema={{
          oneOf: [
            { type: "object", required: ["kind"], properties: { kind: { const: "quiz" } } },
            { type: "object", required: ["kind"], properties: { kind: { const: "visit" } } },
          ],
        }}
      />,
    );
    expect(container.textContent).toBe(
      ["(", "  | {", '    kind: "quiz"', "  }", "  | {", '    kind: "visit"', "  }", ")"].join("\n"),
    );
  });
});

describe("FieldList", () => {
  it("marks optional parameters with `?`", () => {
    const { container } = render(
      <FieldList
        fields={[
          { name: "taskId", required: true, schema: { type: "string", pattern: "^[a-z]+$" } },
          { name: "limit", required: false, schema: { type: "integer", default: 20 } },
        ]}
      />,
    );
    expect(container.textContent).toBe("taskId: string  // pattern ^[a-z]+$\nlimit?: integer  // default 20");
  });
});
