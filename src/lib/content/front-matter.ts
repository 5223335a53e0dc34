/**
 * A deliberately small front-matter reader for `content/news/*.md`: a `---` fenced block of
 * `key: value` lines, where a value is plain text, a quoted string, or a flat list `[a, "b, c"]`.
 * Anything else (nesting, multi-line values) is an error with a line number, so a typo in a content
 * file fails the seed loudly instead of publishing a half-parsed article.
 */

export type FrontMatterValue = string | string[];
export type FrontMatter = { data: Record<string, FrontMatterValue>; body: string };

export class FrontMatterError extends Error {
  override name = "FrontMatterError";
}

const FENCE = /^---[ \t]*$/;

export function parseFrontMatter(source: string): FrontMatter {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  if (!FENCE.test(lines[0] ?? "")) return { data: {}, body: text };
  const end = lines.findIndex((line, i) => i > 0 && FENCE.test(line));
  if (end === -1) throw new FrontMatterError("front matter is not closed: add a line with only ---");

  const data: Record<string, FrontMatterValue> = {};
  for (let i = 1; i < end; i++) {
    const line = lines[i] ?? "";
    const lineNo = i + 1;
    if (/^\s*(#.*)?$/.test(line)) continue;
    const match = /^([A-Za-z_][\w-]*)[ \t]*:(.*)$/.exec(line);
    if (!match) throw new FrontMatterError(`line ${lineNo}: expected "key: value"`);
    const key = match[1] as string;
    if (Object.hasOwn(data, key)) throw new FrontMatterError(`line ${lineNo}: duplicate key "${key}"`);
    data[key] = parseValue((match[2] ?? "").trim(), lineNo);
  }
  // The blank line after the closing fence is formatting, not content.
  const body = lines
    .slice(end + 1)
    .join("\n")
    .replace(/^\n+/, "");
  return { data, body };
}

function parseValue(raw: string, lineNo: number): FrontMatterValue {
  if (raw.startsWith("[")) {
    if (!raw.endsWith("]")) throw new FrontMatterError(`line ${lineNo}: a list must end with ]`);
    return parseList(raw.slice(1, -1), lineNo);
  }
  if (raw.startsWith('"') || raw.startsWith("'")) return parseQuoted(raw, lineNo);
  // A trailing " # comment" is YAML's comment syntax; a "#" inside a word (e.g. C#) is not.
  return raw.replace(/\s+#.*$/, "");
}

function parseQuoted(raw: string, lineNo: number): string {
  const quote = raw[0] as string;
  if (raw.length < 2 || !raw.endsWith(quote))
    throw new FrontMatterError(`line ${lineNo}: unterminated ${quote} string`);
  const inner = raw.slice(1, -1);
  if (quote === "'") return inner.replaceAll("''", "'");
  return inner.replace(/\\(["\\nt])/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
}

function parseList(inner: string, lineNo: number): string[] {
  const items: string[] = [];
  let i = 0;
  while (i < inner.length) {
    while (i < inner.length && /\s/.test(inner[i] as string)) i++;
    if (i >= inner.length) break;
    let item: string;
    const c = inner[i] as string;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < inner.length && !(inner[j] === c && inner[j - 1] !== "\\")) j++;
      if (j >= inner.length) throw new FrontMatterError(`line ${lineNo}: unterminated ${c} string in list`);
      item = parseQuoted(inner.slice(i, j + 1), lineNo);
      i = j + 1;
      while (i < inner.length && /\s/.test(inner[i] as string)) i++;
      if (i < inner.length && inner[i] !== ",")
        throw new FrontMatterError(`line ${lineNo}: expected , between list items`);
    } else {
      const j = inner.indexOf(",", i);
      item = (j === -1 ? inner.slice(i) : inner.slice(i, j)).trim();
      i = j === -1 ? inner.length : j;
    }
    if (item === "") throw new FrontMatterError(`line ${lineNo}: empty list item`);
    items.push(item);
    i++; // past the comma
  }
  return items;
}
