import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { openApiDocument } from "@/server/openapi";
import { ButtonLink, PageContainer, PageHeader } from "@/ui";
import "../reference.css";
import { CopyButtons } from "../CopyButtons";
import { operationHtml } from "../html";
import { groupOperations, type TagGroup } from "../model";
import { Toc } from "../Toc";

type Props = { params: Promise<{ tag: string }> };

async function load(slug: string): Promise<{ groups: TagGroup[]; group: TagGroup }> {
  const groups = groupOperations(await openApiDocument());
  const group = groups.find((g) => g.slug === slug);
  if (!group) notFound();
  return { groups, group };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { group } = await load((await params).tag);
  return {
    title: `${group.tag} · API reference`,
    description: `The ${group.tag} endpoints of the portal: inputs, answers, access rules, rate limits and curl examples.`,
  };
}

/**
 * One tag of the API reference (the index, ../page.tsx, says why a page per tag): every operation
 * of the group with its inputs, answers, access, limits and a curl example, as static HTML that
 * React does not hydrate (html.ts), plus one listener for the copy buttons.
 */
export default async function ApiTagPage({ params }: Props) {
  const { groups, group } = await load((await params).tag);
  const n = group.operations.length;
  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        title={`API reference: ${group.tag}`}
        description={`The ${n} ${n === 1 ? "operation" : "operations"} of this group: what each one takes, what it answers and who may call it.`}
        actions={
          <ButtonLink href="/docs/api" variant="secondary">
            All endpoints
          </ButtonLink>
        }
      />
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <Toc groups={groups} current={group} />
        <section id={group.id} aria-label={`${group.tag} operations`} className="min-w-0">
          <div
            className="space-y-4"
            // Static HTML built from our own document with every value escaped (html.ts says why).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: html.ts escapes all text
            dangerouslySetInnerHTML={{ __html: group.operations.map(operationHtml).join("") }}
          />
        </section>
      </div>
      <CopyButtons />
    </PageContainer>
  );
}
