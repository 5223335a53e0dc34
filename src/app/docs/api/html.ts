import { type Access, groupHref, type Operation, rateLimitText, type TagGroup } from "./model";
import { fieldLines, type JsonSchema, type Line, schemaLines } from "./schema";

/**
 * The operations of the reference as static HTML, inserted by page.tsx with dangerouslySetInnerHTML.
 *
 * Why not React elements: the reference is ~4,000 elements of static text. As server components they
 * went to the browser twice (as HTML and as the RSC payload that describes every element) and React
 * then hydrated each one, which cost the page its Lighthouse TBT budget (issue 11). As one HTML
 * string per group, the payload carries a string and hydration skips the subtree. Everything that
 * comes from the document passes through `esc` (the document is ours, but summaries and
 * descriptions are free text). Copy buttons work through one delegated listener (CopyButtons.tsx).
 */

/** Who may call an operation, in a word (the index's rows; an operation's page says it in full). */
const ACCESS_WORD = { public: "public", session: "session" } as const;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

/** Free text with its `backtick` spans as code. */
function prose(text: string): string {
  return text
    .split(/`([^`]+)`/)
    .map((part, i) => (i % 2 ? `<code class="apiref-code">${esc(part)}</code>` : esc(part)))
    .join("");
}

/** A listing (schema.ts) as one <pre>, its `//` comments in spans (muted by reference.css). */
export function listingHtml(lines: Line[]): string {
  const body = lines
    .map(
      (l) => `${esc("  ".repeat(l.depth) + l.code)}${l.comment ? `<span>  // ${esc(l.comment)}</span>` : ""}`,
    )
    .join("\n");
  return `<pre class="apiref-pre">${body}</pre>`;
}

export const schemaHtml = (schema: JsonSchema) => listingHtml(schemaLines(schema));

function accessText(access: Access): string {
  if (access.kind === "public") return "Public: no session needed";
  if (access.kind === "session") return "Signed-in session (cookie)";
  return `Signed-in session with the ${access.roles.join(" or ")} role`;
}

const ERROR_REF = "#/components/schemas/Error";

function answersHtml(op: Operation): string {
  // The shared error answers in one sentence; their shape is on the page once ("Errors", Overview.tsx).
  const errors = op.answers.filter((a) => a.schema?.$ref === ERROR_REF);
  const items = op.answers
    .filter((a) => a.schema?.$ref !== ERROR_REF)
    .map((a) => {
      const json = a.mediaType === "application/json";
      const media = a.mediaType && !json ? ` <span class="apiref-media">${esc(a.mediaType)}</span>` : "";
      const schema = a.schema && json ? schemaHtml(a.schema) : "";
      return `<li><p><b>${esc(a.status)}</b> ${prose(a.description)}${media}</p>${schema}</li>`;
    });
  if (errors.length > 0) {
    const list = errors.map((a) => `${a.status} ${a.description}`).join(" · ");
    items.push(`<li>${esc(list)}: each an <a href="/docs/api#schema-Error">Error</a>.</li>`);
  }
  return `<h4>Answers</h4><ul class="apiref-answers">${items.join("")}</ul>`;
}

export function operationHtml(op: Operation): string {
  const label = `${op.method.toUpperCase()} ${op.path}`;
  const fields = (where: "path" | "query") => {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length === 0) return "";
    const lines = fieldLines(
      Object.fromEntries(params.map((p) => [p.name, p.schema])),
      params.filter((p) => p.required).map((p) => p.name),
    );
    return `<h4>${where === "path" ? "Path" : "Query"} parameters</h4>${listingHtml(lines)}`;
  };
  const limits = op.rateLimits.length
    ? `<dt>Rate limit</dt><dd>${esc(op.rateLimits.map(rateLimitText).join("; "))}</dd>`
    : "";
  return [
    `<article id="${esc(op.id)}" aria-labelledby="${esc(op.id)}-title" class="apiref-op">`,
    `<h3 id="${esc(op.id)}-title"><a href="#${esc(op.id)}"><span class="apiref-badge ${esc(op.method)}">${esc(op.method)}</span><code>${esc(op.path)}</code></a></h3>`,
    op.summary ? `<p class="apiref-summary">${prose(op.summary)}</p>` : "",
    `<dl><dt>Access</dt><dd>${esc(accessText(op.access))}</dd>${limits}</dl>`,
    fields("path"),
    fields("query"),
    op.body ? `<h4>Request body (${esc(op.body.mediaType)})</h4>${schemaHtml(op.body.schema)}` : "",
    answersHtml(op),
    `<h4>Example</h4><div class="apiref-example"><pre class="apiref-pre">${esc(op.curl)}</pre>`,
    // The visible word plus what is copied, so the name contains the visible text (WCAG 2.5.3).
    `<button type="button" class="apiref-copy" data-copy><span aria-live="polite">Copy</span><span class="sr-only"> curl command for ${esc(label)}</span></button></div>`,
    "</article>",
  ].join("");
}

/**
 * A group's rows on the index (/docs/api): method, path and summary of each operation, linking to
 * its full description on the group's page. A row carries the operation's anchor, so the links of
 * the one-page reference (`/docs/api#op-…`) still land on that operation.
 */
export function indexRowsHtml(group: TagGroup): string {
  const rows = group.operations.map((op) => {
    const who = op.access.kind === "roles" ? op.access.roles.join(" or ") : ACCESS_WORD[op.access.kind];
    return [
      `<li id="${esc(op.id)}" class="apiref-row">`,
      `<a href="${esc(groupHref(group, op.id))}"><span class="apiref-badge ${esc(op.method)}">${esc(op.method)}</span><code>${esc(op.path)}</code></a>`,
      `<p>${op.summary ? `${prose(op.summary)} ` : ""}<span class="apiref-media">${esc(who)}</span></p>`,
      "</li>",
    ].join("");
  });
  return `<ul class="apiref-rows">${rows.join("")}</ul>`;
}
