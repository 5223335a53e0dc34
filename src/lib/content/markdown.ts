import MarkdownIt from "markdown-it";

/**
 * Markdown → HTML for content written by the operator but shown to every participant, so it is
 * treated as untrusted: raw HTML is escaped (`html: false`), markdown-it's link validator drops
 * `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs, and every link gets
 * `rel="noopener noreferrer"` (external ones also open in a new tab).
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });

const SAFE_IMAGE_DATA = /^data:image\/(gif|png|jpeg|webp);/i;

md.validateLink = (url: string): boolean => {
  const normalized = url.trim().toLowerCase();
  if (/^(javascript|vbscript|file):/.test(normalized)) return false;
  if (normalized.startsWith("data:")) return SAFE_IMAGE_DATA.test(normalized);
  return true;
};

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token) {
    const href = String(token.attrGet("href") ?? "");
    token.attrSet("rel", "noopener noreferrer");
    if (isExternal(href)) token.attrSet("target", "_blank");
  }
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token) {
    token.attrSet("loading", "lazy");
    token.attrSet("decoding", "async");
    // markdown-it keeps the alt text in children; the default image rule renders it.
    token.attrSet("alt", self.renderInlineAsText(token.children ?? [], options, env));
  }
  return self.renderToken(tokens, idx, options);
};

// Code blocks scroll sideways on phones: focusable, so keyboard users can scroll them too
// (WCAG 2.1.1, axe `scrollable-region-focusable`).
for (const rule of ["fence", "code_block"] as const) {
  const render = md.renderer.rules[rule];
  if (!render) continue;
  md.renderer.rules[rule] = (...args) => render(...args).replace(/^<pre\b/, '<pre tabindex="0"');
}

export function renderMarkdown(source: string): string {
  return md.render(source);
}

/** The visible text of a Markdown document (search, summaries, reading time). */
export function markdownToText(source: string): string {
  const html = md.render(source);
  // Block boundaries become spaces; inline tags (<strong>, <a>) vanish so "**99199**." stays "99199.".
  return decodeEntities(html.replace(BLOCK_TAG, " ").replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

const BLOCK_TAG = /<\/?(p|h[1-6]|li|ul|ol|tr|td|th|thead|tbody|table|br|hr|blockquote|pre|div)\b[^>]*>/g;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "");
}

const WORDS_PER_MINUTE = 200;

/** Whole minutes at an average adult reading speed; never 0, so "1 min read" is the floor. */
export function readingMinutes(source: string): number {
  // Stray punctuation (a lone "**", "—") is not a word.
  const words = markdownToText(source)
    .split(" ")
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** URL-safe slug: lower-case ASCII letters, digits and single dashes (diacritics folded). */
export function slugify(text: string, maxLength = 80): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, maxLength).replace(/-+$/, "");
}
