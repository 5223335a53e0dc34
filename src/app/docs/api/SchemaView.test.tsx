// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FieldList, SchemaView } from "./SchemaView";
import type { JsonSchema } from "./schema";

afterEach(cleanup);

/** The outline line of a field, by its name. */
const field = (name: string) => screen.getByText(name, { selector: "code" }).closest("li") as HTMLElement;
const ownText = (li: HTMLElement) =>
  [...li.childNodes]
    .filter((n) => !(n instanceof HTMLElement && ["UL", "OL"].includes(n.tagName)))
    .map((n) => n.textContent)
    .join("");

describe("SchemaView", () => {
  it("outlines nested objects with required marks, types, constraints and descriptions", () => {
    const schema: JsonSchema = {
      type: "object",
      required: ["ticket"],
      properties: {
        ticket: {
          type: "object",
          required: ["id"],
          properties: {
            id: { type: "string", format: "uuid", description: "Made by `POST /api/support`" },
            note: { anyOf: [{ type: "string", maxLength: 500 }, { type: "null" }] },
          },
        },
        cursor: { type: "string" },
      },
    };
    render(<SchemaView schema={schema} />);
    expect(ownText(field("ticket"))).toBe("ticketrequired object");
    expect(ownText(field("cursor"))).toBe("cursor string");
    // The nested object's fields sit inside the parent's item.
    const ticket = field("ticket");
    expect(within(ticket).getByText("id", { selector: "code" })).toBeTruthy();
    expect(ownText(field("id"))).toBe("idrequired string (uuid)Made by POST /api/support");
    expect(within(field("id")).getByText("POST /api/support", { selector: "code" })).toBeTruthy();
    expect(ownText(field("note"))).toBe("note string | nullat most 500 characters");
    // A plain object has no "object" first line of its own.
    expect(screen.queryByText("object", { selector: "div > span" })).toBeNull();
  });

  it("shows an array's item fields below it and says what the array holds", () => {
    render(
      <SchemaView
        schema={{
          type: "object",
          properties: {
            items: {
              type: "array",
              maxItems: 100,
              items: {
                type: "object",
                required: ["rank"],
                properties: { rank: { type: "integer", minimum: 1 } },
              },
            },
            tags: { type: "array", items: { type: "string" } },
          },
        }}
      />,
    );
    expect(ownText(field("items"))).toBe("items array of objectat most 100 items");
    expect(ownText(field("rank"))).toBe("rankrequired integer≥ 1");
    expect(within(field("items")).getByText("rank", { selector: "code" })).toBeTruthy();
    expect(ownText(field("tags"))).toBe("tags array of string");
    expect(field("tags").querySelector("ul")).toBeNull();
  });

  it("lists an enum's values and a top-level array's line", () => {
    render(<SchemaView schema={{ type: "array", items: { type: "string", enum: ["open", "answered"] } }} />);
    expect(screen.getByText('array of "open" | "answered"')).toBeTruthy();
  });

  it("shows each shape of a oneOf, with its own fields", () => {
    render(
      <SchemaView
        schema={{
          oneOf: [
            {
              type: "object",
              required: ["kind"],
              properties: { kind: { const: "quiz" }, answer: { type: "string" } },
            },
            { type: "object", properties: { kind: { const: "visit" } } },
          ],
        }}
      />,
    );
    expect(screen.getByText("one of 2 shapes")).toBeTruthy();
    const shapes = screen.getAllByRole("listitem").filter((li) => li.parentElement?.tagName === "OL");
    expect(shapes).toHaveLength(2);
    expect(within(shapes[0] as HTMLElement).getByText('"quiz"')).toBeTruthy();
    expect(within(shapes[0] as HTMLElement).getByText("answer")).toBeTruthy();
    expect(within(shapes[1] as HTMLElement).getByText('"visit"')).toBeTruthy();
    expect(within(shapes[1] as HTMLElement).queryByText("answer")).toBeNull();
  });

  it("links a shared schema to its section", () => {
    render(<SchemaView schema={{ $ref: "#/components/schemas/Error" }} />);
    expect(screen.getByRole("link", { name: "Error" }).getAttribute("href")).toBe("#schema-Error");
  });

  it("stops at a depth guard instead of recursing forever", () => {
    const deep: JsonSchema = { type: "object", properties: {} };
    let cur = deep;
    for (let i = 0; i < 30; i++) {
      const next: JsonSchema = { type: "object", properties: {} };
      (cur.properties as Record<string, JsonSchema>)[`f${i}`] = {
        ...next,
        properties: { x: { type: "string" } },
      };
      cur = (cur.properties as Record<string, JsonSchema>)[`f${i}`] as JsonSchema;
    }
    render(<SchemaView schema={deep} />);
    expect(screen.getByText("…")).toBeTruthy();
    expect(screen.queryByText("f20")).toBeNull();
  });
});

describe("FieldList", () => {
  it("marks required parameters and leaves optional ones unmarked", () => {
    render(
      <FieldList
        fields={[
          { name: "taskId", required: true, schema: { type: "string", pattern: "^[a-z]+$" } },
          { name: "limit", required: false, schema: { type: "integer", default: 20 } },
        ]}
      />,
    );
    expect(ownText(field("taskId"))).toBe("taskIdrequired stringpattern ^[a-z]+$");
    expect(ownText(field("limit"))).toBe("limit integerdefault 20");
  });
});
