import { describe, expect, it } from "vitest";
import { faqBodySchema, newsBodySchema, newsPatchSchema } from "@/features/admin/server";

// The console's article and FAQ bodies follow the public side's rules: every tag it saves is one
// /news?tag= filters by, every slug one /news/{slug} serves, and every image one the CSP loads.
const ARTICLE = {
  slug: "launch",
  title: "Launch",
  summary: "We launched.",
  bodyMarkdown: "Hello.",
  publishedAt: "2026-03-02T00:00:00.000Z",
};
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("console news body", () => {
  it.each(["testnet-", "-", "a--b", "-guide", "x".repeat(33)])(
    "refuses the tag %s, which /news cannot filter by",
    (tag) => {
      expect(issues(newsBodySchema.safeParse({ ...ARTICLE, tags: [tag] }))).toEqual([
        expect.stringMatching(/^tags\.0: /),
      ]);
      expect(newsPatchSchema.safeParse({ tags: [tag] }).success).toBe(false);
    },
  );

  it("accepts the tags and slugs the public side accepts", () => {
    expect(
      newsBodySchema.safeParse({ ...ARTICLE, slug: "launch-day-2", tags: ["testnet-2", "guide"] }).success,
    ).toBe(true);
    for (const slug of ["launch-", "a--b", "-a"])
      expect(issues(newsBodySchema.safeParse({ ...ARTICLE, slug }))).toEqual([
        "slug: lower-case words joined by dashes",
      ]);
  });

  it("takes covers on this site (uploads and the content files' own) and refuses remote ones with the reason", () => {
    for (const coverImage of [`/api/media/${"0".repeat(64)}.png`, "/news/faucet.svg", null])
      expect(newsBodySchema.safeParse({ ...ARTICLE, coverImage }).success, String(coverImage)).toBe(true);
    const [issue] = issues(
      newsBodySchema.safeParse({ ...ARTICLE, coverImage: "https://cdn.example.org/a.png" }),
    );
    expect(issue).toMatch(
      /^coverImage: a path on this site .*Content-Security-Policy blocks images from other sites$/,
    );
  });

  it("refuses a body whose Markdown image the CSP would block, on create and on edit", () => {
    const bodyMarkdown = "Look:\n\n![the chart](https://cdn.example.org/chart.png)";
    expect(issues(newsBodySchema.safeParse({ ...ARTICLE, bodyMarkdown }))).toEqual([
      expect.stringMatching(
        /^bodyMarkdown: the image https:\/\/cdn\.example\.org\/chart\.png cannot be shown: /,
      ),
    ]);
    expect(newsPatchSchema.safeParse({ bodyMarkdown }).success).toBe(false);
    const fine = "![chart](/api/media/abc.png) and [the original](https://cdn.example.org/chart.png)";
    expect(newsBodySchema.safeParse({ ...ARTICLE, bodyMarkdown: fine }).success).toBe(true);
  });
});

describe("console FAQ body", () => {
  it("refuses an answer whose Markdown image the CSP would block", () => {
    const body = {
      sectionTitle: "Faucet",
      question: "How much?",
      answerMarkdown: "![x](https://x.example/a.png)",
    };
    expect(issues(faqBodySchema.safeParse(body))).toEqual([
      expect.stringMatching(/^answerMarkdown: the image https:\/\/x\.example\/a\.png cannot be shown: /),
    ]);
    expect(
      faqBodySchema.safeParse({ ...body, answerMarkdown: "See [the docs](https://x.example)." }).success,
    ).toBe(true);
  });
});
