import { describe, expect, it } from "vitest";
import { FaqFormatError, parseFaq } from "./parse";

describe("parseFaq", () => {
  it("reads sections and questions in order with slugs and rendered answers", () => {
    const entries = parseFaq(
      "# FAQ\n\n## The testnet\n\n### What is it?\n\nA chain, id **99199**.\n\n### How do I add it?\n\nPress [Add to wallet](/testnet).\n\n## Faucet\n\n### Limits?\n\nOnce a day.\n",
    );
    expect(entries.map((e) => [e.sectionTitle, e.slug, e.position])).toEqual([
      ["The testnet", "what-is-it", 0],
      ["The testnet", "how-do-i-add-it", 1],
      ["Faucet", "limits", 2],
    ]);
    expect(entries[0]?.answerHtml).toBe("<p>A chain, id <strong>99199</strong>.</p>\n");
    expect(entries[0]?.answerText).toBe("A chain, id 99199.");
    expect(entries[1]?.answerHtml).toContain('rel="noopener noreferrer"');
    expect(entries[2]?.sectionSlug).toBe("faucet");
  });

  it("keeps headings inside code fences as answer text", () => {
    const [entry] = parseFaq("## S\n\n### Q\n\n```\n## not a section\n### not a question\n```\n");
    expect(entry?.answerMarkdown).toContain("## not a section");
  });

  it("gives repeated questions distinct slugs", () => {
    const entries = parseFaq("## A\n\n### Why?\n\nx\n\n## B\n\n### Why?\n\ny\n");
    expect(entries.map((e) => e.slug)).toEqual(["why", "why-2"]);
  });

  it("changes the hash only when the entry changes", () => {
    const a = parseFaq("## S\n\n### Q\n\nanswer\n")[0];
    const b = parseFaq("## S\n\n### Q\n\nanswer\n\n")[0];
    const c = parseFaq("## S\n\n### Q\n\nanswer!\n")[0];
    expect(a?.sourceHash).toBe(b?.sourceHash);
    expect(a?.sourceHash).not.toBe(c?.sourceHash);
  });

  it.each([
    ["### Q\n\nanswer\n", /comes before any "## Section"/],
    ["## S\n\n### Q\n\n### R\n\nanswer\n", /line 3: the question "Q" has no answer/],
    ["## S\n\nloose text\n", /text outside a question/],
    ["## S\n\n### Q\n\nx\n\n# Title\n", /only allowed before the first section/],
  ])("rejects malformed files %#", (source, message) => {
    expect(() => parseFaq(source)).toThrow(FaqFormatError);
    expect(() => parseFaq(source)).toThrow(message);
  });

  it("refuses an answer with an image the pages' CSP would block, naming the question's line", () => {
    expect(() => parseFaq("## S\n\n### Q\n\nok\n\n### Chart?\n\n![c](https://x.example/c.png)\n")).toThrow(
      /^line 7: the answer to "Chart\?": the image https:\/\/x\.example\/c\.png cannot be shown: /,
    );
    expect(parseFaq("## S\n\n### Q\n\n![c](/faq/c.png) [source](https://x.example/c.png)\n")).toHaveLength(1);
  });
});
