import { describe, expect, it } from "vitest";
import { FrontMatterError, parseFrontMatter } from "./front-matter";

describe("parseFrontMatter", () => {
  it("reads key: value pairs, lists and the body", () => {
    const { data, body } = parseFrontMatter(
      "---\ntitle: Testnet is live\nslug: testnet-live\ntags: [launch, testnet]\ndate: 2026-03-02\n---\n\n# Hello\n",
    );
    expect(data).toEqual({
      title: "Testnet is live",
      slug: "testnet-live",
      tags: ["launch", "testnet"],
      date: "2026-03-02",
    });
    expect(body).toBe("# Hello\n");
  });

  it("keeps colons inside values and handles quoted strings", () => {
    const { data } = parseFrontMatter(
      "---\ntitle: \"Faucet: 1 AURUM a day\"\nsummary: It's here: drip, drip\nalt: 'It''s gold'\n---\n",
    );
    expect(data.title).toBe("Faucet: 1 AURUM a day");
    expect(data.summary).toBe("It's here: drip, drip");
    expect(data.alt).toBe("It's gold");
  });

  it("parses quoted list items containing commas and skips comments", () => {
    const { data } = parseFrontMatter(
      "---\n# a comment\ntags: [\"a, b\", c ,'d']\ncolor: gold # trailing\n---\n",
    );
    expect(data.tags).toEqual(["a, b", "c", "d"]);
    expect(data.color).toBe("gold");
  });

  it("handles CRLF files and a BOM", () => {
    const { data, body } = parseFrontMatter("\uFEFF---\r\ntitle: X\r\n---\r\nbody\r\n");
    expect(data.title).toBe("X");
    expect(body).toBe("body\n");
  });

  it("returns the whole text as body without front matter", () => {
    expect(parseFrontMatter("# Just markdown\n")).toEqual({ data: {}, body: "# Just markdown\n" });
  });

  it("parses an empty list", () => {
    expect(parseFrontMatter("---\ntags: []\n---\n").data.tags).toEqual([]);
  });

  it.each([
    ["---\ntitle: x\n", /not closed/],
    ["---\njust text\n---\n", /line 2: expected "key: value"/],
    ["---\ntitle: a\ntitle: b\n---\n", /line 3: duplicate key "title"/],
    ["---\ntags: [a, b\n---\n", /list must end/],
    ["---\ntags: [a, , b]\n---\n", /empty list item/],
    ['---\ntitle: "open\n---\n', /unterminated/],
    ['---\ntags: ["a" "b"]\n---\n', /expected , between/],
  ])("rejects malformed input %#", (input, message) => {
    expect(() => parseFrontMatter(input)).toThrow(FrontMatterError);
    expect(() => parseFrontMatter(input)).toThrow(message);
  });
});
