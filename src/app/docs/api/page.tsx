import type { Metadata } from "next";
import { openApiDocument } from "@/server/openapi";
import { PageContainer, PageHeader } from "@/ui";
import { groupHref, groupOperations } from "./model";
import "./reference.css";
import { indexRowsHtml } from "./html";
import { Overview } from "./Overview";
import { Toc } from "./Toc";

export const metadata: Metadata = {
  title: "API reference",
  description:
    "Every HTTP endpoint of the portal: inputs, answers, access rules, rate limits and curl examples.",
};

/**
 * The API reference, rendered on the server from the generated OpenAPI document
 * (src/server/openapi.ts). This index lists every operation (method, path, summary, who may call
 * it) by tag, with "Using the API" (sign-in, errors); each tag's page (`[tag]/page.tsx`) describes
 * its operations in full: schemas, access, limits and a curl example.
 *
 * One page per tag because the whole reference on one page was ~600 KB of HTML (its text once as
 * HTML and once more in the RSC payload): on a simulated phone its download and parse made the
 * slowest LCP of the site (3.8 s, issue 11: Lighthouse ≥ 95 on every page). The rows keep the
 * operations' anchors, so links to `/docs/api#op-…` land on the operation's row, one click from
 * its description. The rows are static HTML that React does not hydrate (html.ts).
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
                <a href={groupHref(g)} className="hover:text-gold">
                  {g.tag} <span className="text-base font-normal text-muted">({g.operations.length})</span>
                </a>
              </h2>
              <div
                // Static HTML built from our own document with every value escaped (html.ts says why).
                // biome-ignore lint/security/noDangerouslySetInnerHtml: html.ts escapes all text
                dangerouslySetInnerHTML={{ __html: indexRowsHtml(g) }}
              />
            </section>
          ))}
        </div>
      </div>
    </PageContainer>
  );
}
