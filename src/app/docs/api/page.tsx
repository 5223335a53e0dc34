import type { Metadata } from "next";
import { openApiDocument } from "@/server/openapi";
import { PageContainer, PageHeader } from "@/ui";
import { groupOperations } from "./model";
import "./reference.css";
import { CopyButtons } from "./CopyButtons";
import { operationHtml } from "./html";
import { Overview } from "./Overview";
import { Toc } from "./Toc";

export const metadata: Metadata = {
  title: "API reference",
  description:
    "Every HTTP endpoint of the portal: inputs, answers, access rules, rate limits and curl examples.",
};

/**
 * The API reference, rendered on the server from the generated OpenAPI document
 * (src/server/openapi.ts): every operation, grouped by tag, with its schemas, access, limits and a
 * curl example. No client JavaScript beyond one listener for the copy buttons, and the operations
 * are static HTML that React does not hydrate (html.ts; issue 11: Lighthouse ≥ 95 on every page).
 *
 * Swagger UI was dropped rather than loaded on demand: ~1 MB of script for a "try it" that cannot
 * sign in (the session is a SIWE cookie) and whose bundled build fails under Turbopack
 * (`oz.refract is not a function`, vercel/next.js#86507). A copyable curl command per operation and
 * the raw document at /api/openapi.json (for Postman, Insomnia or a code generator) serve integrators
 * better; docs/api.md says so.
 */
export default async function ApiDocsPage() {
  const doc = await openApiDocument();
  const groups = groupOperations(doc);
  const count = groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        title="API reference"
        description="Every HTTP endpoint of this portal, generated from the code: what each one takes, what it answers and who may call it."
      />
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <Toc groups={groups} />
        <div className="min-w-0 space-y-12">
          <Overview doc={doc} operations={count} />
          {groups.map((g) => (
            <section key={g.id} id={g.id} aria-labelledby={`${g.id}-title`} className="scroll-mt-20">
              <h2 id={`${g.id}-title`} className="mb-4 text-xl font-semibold text-text">
                {g.tag} <span className="text-base font-normal text-muted">({g.operations.length})</span>
              </h2>
              <div
                className="space-y-4"
                // Static HTML built from our own document with every value escaped (html.ts says why).
                // biome-ignore lint/security/noDangerouslySetInnerHtml: html.ts escapes all text
                dangerouslySetInnerHTML={{ __html: g.operations.map(operationHtml).join("") }}
              />
            </section>
          ))}
        </div>
      </div>
      <CopyButtons />
    </PageContainer>
  );
}
