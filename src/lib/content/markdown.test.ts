import { describe, expect, it } from "vitest";
import { markdownToText, readingMinutes, renderMarkdown, slugify } from "./markdown";

describe("renderMarkdown", () => {
  it("makes code blocks focusable, so a keyboard can scroll them", () => {
    expect(renderMarkdown("```ts\nconst a = 1;\n```")).toMatch(
      /^<pre tabindex="0"><code class="language-ts">/,
    );
    expect(renderMarkdown("    indented code")).toMatch(/^<pre tabindex="0"><code>/);
    // Inline code is not a scroll box.
    expect(renderMarkdown("`x`")).toBe("<p><code>x</code></p>\n");
  });

  it("renders ordinary Markdown", () => {
    expect(renderMarkdown("# Title\n\nSome **bold** text.")).toBe(
      "<h1>Title</h1>\n<p>Some <strong>bold</strong> text.</p>\n",
    );
  });

  it("escapes raw <script> so it never runs", () => {
    const html = renderMarkdown("Hello <script>alert(1)</script>\n\n<script>\nalert(2)\n</script>");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("escapes HTML attributes such as onerror=", () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)">\n\ntext <b onclick=alert(1)>x</b>');
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<b /);
    expect(html).toContain("&lt;img src=x onerror=");
  });

  it.each([
    "[click](javascript:alert(1))",
    "[click](JAVASCRIPT:alert(1))",
    "[click]( javascript:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[click](vbscript:msgbox(1))",
    "[click](data:text/html;base64,PHNjcmlwdD4=)",
    "<javascript:alert(1)>",
  ])("makes %s inert", (input) => {
    const html = renderMarkdown(input);
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data)/i);
  });

  it("adds rel=noopener noreferrer to every link and target=_blank to external ones", () => {
    const html = renderMarkdown("[faucet](/faucet) and [docs](https://example.org/x)");
    expect(html).toContain('<a href="/faucet" rel="noopener noreferrer">faucet</a>');
    expect(html).toContain(
      '<a href="https://example.org/x" rel="noopener noreferrer" target="_blank">docs</a>',
    );
  });

  it("applies the same rules to autolinks", () => {
    expect(renderMarkdown("see https://example.org")).toContain(
      '<a href="https://example.org" rel="noopener noreferrer" target="_blank">',
    );
  });

  it("keeps image alt text and lazy-loads images", () => {
    const html = renderMarkdown("![A gold coin](/news/coin.svg)");
    expect(html).toContain('src="/news/coin.svg"');
    expect(html).toContain('alt="A gold coin"');
    expect(html).toContain('loading="lazy"');
  });

  it("refuses javascript: image sources", () => {
    expect(renderMarkdown("![x](javascript:alert(1))")).not.toMatch(/src="javascript/i);
  });
});

describe("markdownToText", () => {
  it("returns the visible text with entities decoded", () => {
    expect(markdownToText("# Hi\n\nA [link](/x) & `code` <b>")).toBe("Hi A link & code <b>");
  });
});

describe("readingMinutes", () => {
  it("is at least one minute", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("short")).toBe(1);
  });
  it("counts 200 words a minute, rounding up", () => {
    expect(readingMinutes(Array(200).fill("word").join(" "))).toBe(1);
    expect(readingMinutes(Array(201).fill("word").join(" "))).toBe(2);
    expect(readingMinutes(Array(1000).fill("word").join(" "))).toBe(5);
  });
  it("does not count Markdown syntax as words", () => {
    expect(readingMinutes(`${Array(200).fill("word").join(" ")} ** ## --- [](/x)`)).toBe(1);
  });
});

describe("slugify", () => {
  it.each([
    ["What is the Aurum Testnet?", "what-is-the-aurum-testnet"],
    ["Faucet: limits & rules", "faucet-limits-rules"],
    ["Crème brûlée", "creme-brulee"],
    ["  --Leading and trailing--  ", "leading-and-trailing"],
    ["What's a nonce?", "whats-a-nonce"],
    ["", ""],
  ])("%s → %s", (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });
  it("limits the length without a trailing dash", () => {
    const s = slugify("a ".repeat(100), 10);
    expect(s.length).toBeLessThanOrEqual(10);
    expect(s.endsWith("-")).toBe(false);
  });
});
