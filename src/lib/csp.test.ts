import { describe, expect, it } from "vitest";
import { renderMarkdown } from "@/lib/content/markdown";
import {
  blockedImageMessage,
  contentSecurityPolicy,
  imageAllowedByPolicy,
  imagesBlockedByPolicy,
} from "./csp";

describe("contentSecurityPolicy: images", () => {
  it("loads images from the site itself, data: and blob: only (no remote hosts)", () => {
    const policy = contentSecurityPolicy({
      nonce: "n",
      dev: false,
      publicRpcUrl: "https://rpc.example.com",
      walletConnect: true,
      https: true,
    });
    expect(policy).toContain("img-src 'self' data: blob:;");
  });
});

describe("imageAllowedByPolicy", () => {
  it("allows paths on this site, relative paths, data: and blob:", () => {
    for (const src of ["/news/a.svg", "/api/media/abc.png", "img.png", "data:image/png;base64,AA", "blob:x"])
      expect(imageAllowedByPolicy(src), src).toBe(true);
  });

  it("blocks other hosts however they are written", () => {
    for (const src of [
      "https://cdn.example.org/a.png",
      "HTTP://x/a",
      "//x/a.png",
      "/\\x/a.png",
      " https://x",
      "ftp://x",
    ])
      expect(imageAllowedByPolicy(src), src).toBe(false);
  });
});

describe("imagesBlockedByPolicy on rendered Markdown", () => {
  it("lists the remote images the renderer emits", () => {
    const html = renderMarkdown(
      "![a](https://cdn.example.org/a.png?x=1&y=2) ![b](/news/b.svg)\n\n![c](//evil.example/c.png)",
    );
    expect(imagesBlockedByPolicy(html)).toEqual([
      "https://cdn.example.org/a.png?x=1&y=2",
      "//evil.example/c.png",
    ]);
  });

  it("ignores links, code and escaped HTML that only look like images", () => {
    const html = renderMarkdown(
      '[a link](https://example.org/a.png) `![x](https://x/y.png)` <img src="https://x/z.png">\n\n```\n![z](https://q/z.png)\n```',
    );
    expect(imagesBlockedByPolicy(html)).toEqual([]);
  });

  it("says why and what to do instead", () => {
    expect(blockedImageMessage("https://x/a.png")).toMatch(
      /^the image https:\/\/x\/a\.png cannot be shown: .*Content-Security-Policy.*\/api\/media\/….*\[text\]\(url\)$/,
    );
  });
});
