// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { esc, indexRowsHtml, listingHtml, operationHtml, schemaHtml } from "./html";
import type { Operation } from "./model";

afterEach(() => {
  document.body.innerHTML = "";
});

/** Parses HTML the way the browser will receive it. */
function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

describe("schemaHtml", () => {
  it("is one <pre> whose text is the listing: nested objects, arrays, enums and `?` on optional fields", () => {
    const root = mount(
      schemaHtml({
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
      }),
    );
    expect(root.querySelectorAll("pre")).toHaveLength(1);
    expect(root.textContent).toBe(
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
    // The comments are the only elements inside (muted by reference.css).
    expect([...root.querySelectorAll("pre *")].map((e) => `${e.tagName}:${e.textContent}`)).toEqual([
      "SPAN:  // uuid",
    ]);
  });

  it("shows each shape of a oneOf", () => {
    const root = mount(
      schemaHtml({
        oneOf: [
          { type: "object", required: ["kind"], properties: { kind: { const: "quiz" } } },
          { type: "object", required: ["kind"], properties: { kind: { const: "visit" } } },
        ],
      }),
    );
    expect(root.textContent).toBe(
      ["(", "  | {", '    kind: "quiz"', "  }", "  | {", '    kind: "visit"', "  }", ")"].join("\n"),
    );
  });

  it("escapes markup in names, types and comments", () => {
    const root = mount(
      listingHtml([
        { depth: 0, code: '"<img src=x onerror=alert(1)>"?: string', comment: "</pre><script>x</script>" },
      ]),
    );
    expect(root.querySelector("img, script")).toBeNull();
    expect(root.textContent).toBe('"<img src=x onerror=alert(1)>"?: string  // </pre><script>x</script>');
  });

  it("esc covers the five HTML-significant characters", () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("operationHtml", () => {
  const op: Operation = {
    id: "op-post-api-support-tickets-id-messages",
    method: "post",
    path: "/api/support/tickets/{id}/messages",
    summary: "Adds a message; the answer is `{message}`",
    access: { kind: "roles", roles: ["admin", "moderator"] },
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
    body: {
      mediaType: "application/json",
      schema: { type: "object", properties: { body: { type: "string" } } },
    },
    answers: [
      {
        status: "201",
        description: "Created",
        mediaType: "application/json",
        schema: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
      },
      {
        status: "400",
        description: "Invalid input",
        mediaType: "application/json",
        schema: { $ref: "#/components/schemas/Error" },
      },
      {
        status: "429",
        description: "Rate limited",
        mediaType: "application/json",
        schema: { $ref: "#/components/schemas/Error" },
      },
    ],
    rateLimits: [{ name: "msg", by: "user", limit: 10, windowSeconds: 60 }],
    curl: "curl -X POST 'https://x/api/support/tickets/{id}/messages'",
  };

  it("renders the heading as its anchor link, access, limits, inputs, answers and the example", () => {
    const root = mount(operationHtml(op));
    const article = root.querySelector("article") as HTMLElement;
    expect(article.id).toBe(op.id);
    expect(article.getAttribute("aria-labelledby")).toBe(`${op.id}-title`);
    const link = article.querySelector("h3 a") as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe(`#${op.id}`);
    expect(link.textContent).toBe("post/api/support/tickets/{id}/messages");
    expect(article.querySelector(".apiref-summary code")?.textContent).toBe("{message}");
    expect([...article.querySelectorAll("dd")].map((d) => d.textContent)).toEqual([
      "Signed-in session with the admin or moderator role",
      "10 per 60 s per signed-in user",
    ]);
    expect([...article.querySelectorAll("h4")].map((h) => h.textContent)).toEqual([
      "Path parameters",
      "Request body (application/json)",
      "Answers",
      "Example",
    ]);
    const answers = [...article.querySelectorAll(".apiref-answers > li")];
    expect(answers.map((li) => li.querySelector("p")?.textContent ?? li.textContent)).toEqual([
      "201 Created",
      "400 Invalid input · 429 Rate limited: each an Error.",
    ]);
    expect(answers[1]?.querySelector("a")?.getAttribute("href")).toBe("/docs/api#schema-Error");
    const copy = article.querySelector("button[data-copy]") as HTMLButtonElement;
    expect(copy.textContent).toBe("Copy curl command for POST /api/support/tickets/{id}/messages");
    expect(copy.previousElementSibling?.textContent).toBe(op.curl);
  });

  it("leaves out what an operation does not have", () => {
    const root = mount(
      operationHtml({
        ...op,
        summary: "",
        parameters: [],
        body: undefined,
        rateLimits: [],
        access: { kind: "public" },
      }),
    );
    expect([...root.querySelectorAll("h4")].map((h) => h.textContent)).toEqual(["Answers", "Example"]);
    expect(root.querySelector(".apiref-summary")).toBeNull();
    expect([...root.querySelectorAll("dt")].map((d) => d.textContent)).toEqual(["Access"]);
  });

  it("indexes a group as one row per operation with its anchor, linking to the group's page", () => {
    const pub = {
      ...op,
      id: "op-get-api-faq",
      method: "get",
      path: "/api/faq",
      summary: "The <FAQ>",
      access: { kind: "public" } as const,
    };
    const root = mount(
      indexRowsHtml({ tag: "support", id: "tag-support", slug: "support", operations: [op, pub] }),
    );
    const rows = [...root.querySelectorAll("li")];
    expect(rows.map((r) => r.id)).toEqual([op.id, "op-get-api-faq"]);
    expect(rows.map((r) => r.querySelector("a")?.getAttribute("href"))).toEqual([
      `/docs/api/support#${op.id}`,
      "/docs/api/support#op-get-api-faq",
    ]);
    expect(rows.map((r) => r.querySelector("p")?.textContent)).toEqual([
      "Adds a message; the answer is {message} admin or moderator",
      "The <FAQ> public",
    ]);
  });
});
