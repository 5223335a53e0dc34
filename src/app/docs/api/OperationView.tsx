import type { ReactNode } from "react";
import { CopyButton } from "@/ui/CopyButton";
import { InlineText } from "./InlineText";
import { type Access, type Operation, rateLimitText } from "./model";
import { FieldList, SchemaView } from "./SchemaView";

/** One operation of the reference: its heading is its anchor link. */

const ERROR_REF = "#/components/schemas/Error";

export function MethodBadge({ method }: { method: string }) {
  return <span className={`apiref-badge ${method}`}>{method}</span>;
}

function accessText(access: Access): string {
  if (access.kind === "public") return "Public: no session needed";
  if (access.kind === "session") return "Signed-in session (cookie)";
  return `Signed-in session with the ${access.roles.join(" or ")} role`;
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h4>{title}</h4>
      {children}
    </>
  );
}

export function OperationView({ op }: { op: Operation }) {
  const path = op.parameters.filter((p) => p.in === "path");
  const query = op.parameters.filter((p) => p.in === "query");
  const label = `${op.method.toUpperCase()} ${op.path}`;
  // The shared error answers are listed in one sentence; their shape is on the page once (Overview).
  const errors = op.answers.filter((a) => a.schema?.$ref === ERROR_REF);
  const own = op.answers.filter((a) => a.schema?.$ref !== ERROR_REF);
  return (
    <article id={op.id} aria-labelledby={`${op.id}-title`} className="apiref-op">
      <h3 id={`${op.id}-title`} className="text-base">
        <a href={`#${op.id}`} className="flex min-h-6 items-start gap-3 hover:text-gold">
          <MethodBadge method={op.method} />
          <code className="min-w-0 font-mono text-sm font-medium [overflow-wrap:anywhere]">{op.path}</code>
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
        <ul className="space-y-2 text-sm">
          {own.map((a) => (
            <li key={a.status}>
              <p className="mb-1">
                <span className="mr-2 font-mono font-semibold">{a.status}</span>
                <InlineText text={a.description} />
                {a.mediaType && a.mediaType !== "application/json" ? (
                  <span className="ml-2 font-mono text-xs text-muted">{a.mediaType}</span>
                ) : null}
              </p>
              {a.schema && a.mediaType === "application/json" ? <SchemaView schema={a.schema} /> : null}
            </li>
          ))}
          {errors.length > 0 ? (
            <li>
              {errors.map((a) => `${a.status} ${a.description}`).join(" · ")}: each an{" "}
              <a
                href="#schema-Error"
                className="text-gold underline underline-offset-2 hover:text-gold-hover"
              >
                Error
              </a>
              .
            </li>
          ) : null}
        </ul>
      </Block>
      <Block title="Example">
        <div className="flex items-start gap-2">
          <pre className="apiref-pre min-w-0 flex-1">{op.curl}</pre>
          <CopyButton value={op.curl} label={`curl command for ${label}`} />
        </div>
      </Block>
    </article>
  );
}
