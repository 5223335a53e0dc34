import type { ReactNode } from "react";
import { CopyButton } from "@/ui/CopyButton";
import { InlineText } from "./InlineText";
import { type Access, type Operation, rateLimitText } from "./model";
import { FieldList, SchemaView } from "./SchemaView";

/** One operation of the reference: its heading is its anchor link. */

const METHOD_COLOUR: Record<string, string> = {
  get: "text-success border-success/40",
  post: "text-gold border-gold/40",
  put: "text-warning border-warning/40",
  patch: "text-warning border-warning/40",
  delete: "text-danger border-danger/40",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-block w-16 shrink-0 rounded-control border px-1.5 text-center font-mono text-xs font-semibold uppercase leading-5 ${METHOD_COLOUR[method] ?? "text-muted border-border"}`}
    >
      {method}
    </span>
  );
}

function accessText(access: Access): string {
  if (access.kind === "public") return "Public: no session needed";
  if (access.kind === "session") return "Signed-in session (cookie)";
  return `Signed-in session with the ${access.roles.join(" or ")} role`;
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-4">
      <h4 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted">{title}</h4>
      {children}
    </div>
  );
}

export function OperationView({ op }: { op: Operation }) {
  const path = op.parameters.filter((p) => p.in === "path");
  const query = op.parameters.filter((p) => p.in === "query");
  const label = `${op.method.toUpperCase()} ${op.path}`;
  return (
    // content-visibility: the browser lays out only the operations near the viewport (~100 of them).
    <article
      id={op.id}
      aria-labelledby={`${op.id}-title`}
      className="scroll-mt-20 rounded-card border border-border bg-surface p-4 [contain-intrinsic-size:auto_640px] [content-visibility:auto] sm:p-5"
    >
      <h3 id={`${op.id}-title`} className="text-base">
        <a href={`#${op.id}`} className="flex items-start gap-3 hover:text-gold">
          <MethodBadge method={op.method} />
          <code className="min-w-0 break-all font-mono text-sm font-medium">{op.path}</code>
        </a>
      </h3>
      {op.summary ? (
        <p className="mt-2 text-sm text-text/90">
          <InlineText text={op.summary} />
        </p>
      ) : null}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[7rem_minmax(0,1fr)]">
        <dt className="text-muted">Access</dt>
        <dd>{accessText(op.access)}</dd>
        {op.rateLimits.length > 0 ? (
          <>
            <dt className="text-muted">Rate limit</dt>
            <dd>{op.rateLimits.map(rateLimitText).join("; ")}</dd>
          </>
        ) : null}
      </dl>
      {path.length > 0 ? (
        <Block title="Path parameters">
          <FieldList fields={path} />
        </Block>
      ) : null}
      {query.length > 0 ? (
        <Block title="Query parameters">
          <FieldList fields={query} />
        </Block>
      ) : null}
      {op.body ? (
        <Block title={`Request body (${op.body.mediaType})`}>
          <SchemaView schema={op.body.schema} />
        </Block>
      ) : null}
      <Block title="Answers">
        <ul className="space-y-2">
          {op.answers.map((a) => (
            <li key={a.status} className="text-sm">
              <span className="mr-2 font-mono font-semibold text-text">{a.status}</span>
              <span className="text-text/90">
                <InlineText text={a.description} />
              </span>
              {a.mediaType && a.mediaType !== "application/json" ? (
                <span className="ml-2 font-mono text-xs text-muted">{a.mediaType}</span>
              ) : null}
              {a.schema && a.mediaType === "application/json" ? (
                <div className="mt-1">
                  <SchemaView schema={a.schema} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </Block>
      <Block title="Example">
        <div className="flex items-start gap-2">
          <pre className="min-w-0 flex-1 whitespace-pre-wrap rounded-control bg-raised p-3 font-mono text-xs leading-5 text-text/90 [overflow-wrap:anywhere]">
            <code>{op.curl}</code>
          </pre>
          <CopyButton value={op.curl} label={`curl command for ${label}`} />
        </div>
      </Block>
    </article>
  );
}
