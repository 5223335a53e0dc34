import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "@/lib/csp";
import { articleFrontMatterSchema, newsListQuerySchema } from "./schema";

const FM = { title: "Launch", date: "2026-03-02", summary: "We launched." };
const coverIssue = (cover: string) => {
  const r = articleFrontMatterSchema.safeParse({ ...FM, cover });
  return r.success ? null : (r.error.issues[0]?.message ?? "");
};

/** The img-src sources of every page's policy. */
function imgSrc(): string[] {
  const policy = contentSecurityPolicy({
    nonce: "AAAAAAAAAAAAAAAAAAAAAA==",
    dev: false,
    publicRpcUrl: "https://rpc.example.com",
    walletConnect: false,
    https: true,
  });
  const directive = policy
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === "img-src");
  return directive?.slice(1) ?? [];
}

describe("article covers vs the page policy", () => {
  it("accepts paths on this site, which img-src 'self' loads", () => {
    expect(imgSrc()).toEqual(["'self'", "data:", "blob:"]);
    for (const cover of ["/news/launch.svg", `/api/media/${"a".repeat(64)}.png`, "/covers/2026/x.webp"]) {
      expect(coverIssue(cover), cover).toBeNull();
      expect(new URL(cover, "https://portal.example.com").origin).toBe("https://portal.example.com");
    }
  });

  it.each([
    "https://cdn.example.org/covers/launch.png",
    "http://cdn.example.org/x.png",
    "//cdn.example.org/x.png",
    "/\\cdn.example.org/x.png",
    "data:image/png;base64,AAAA",
    "news/launch.svg",
    '/news/a"onerror="x.svg',
  ])("refuses %s with the reason, instead of a cover the browser blocks", (cover) => {
    const message = coverIssue(cover);
    expect(message).toContain("a path on this site such as /news/cover.svg");
    expect(message).toContain("Content-Security-Policy blocks images from other sites");
  });
});

describe("article tags and slugs", () => {
  it("takes the tags /news?tag= filters by, and no others", () => {
    for (const tag of ["guide", "testnet-2", "a-b-c"]) {
      expect(articleFrontMatterSchema.safeParse({ ...FM, tags: [tag] }).success, tag).toBe(true);
      expect(newsListQuerySchema.safeParse({ tag }).success, tag).toBe(true);
    }
    for (const tag of ["testnet-", "-", "a--b", "-guide", "Guide", "x".repeat(33)]) {
      expect(articleFrontMatterSchema.safeParse({ ...FM, tags: [tag] }).success, tag).toBe(false);
      expect(newsListQuerySchema.safeParse({ tag }).success, tag).toBe(false);
    }
  });

  it("takes slugs of lower-case words joined by single dashes, up to 120 characters", () => {
    expect(articleFrontMatterSchema.safeParse({ ...FM, slug: "launch-day-2" }).success).toBe(true);
    expect(articleFrontMatterSchema.safeParse({ ...FM, slug: "a".repeat(120) }).success).toBe(true);
    for (const slug of ["launch-", "a--b", "-a", "a".repeat(121)])
      expect(articleFrontMatterSchema.safeParse({ ...FM, slug }).success, slug).toBe(false);
  });
});
