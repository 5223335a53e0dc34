import type { Metadata } from "next";
import { PageContainer, PageHeader } from "@/ui";
import { ApiReference } from "./ApiReference";

export const metadata: Metadata = { title: "API reference" };

/** The API reference, rendered from /api/openapi.json by Swagger UI (bundled, no CDN). */
export default function ApiDocsPage() {
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title="API reference"
        description="Every HTTP endpoint of this portal, generated from the code. Quest platforms: see the public verification endpoints."
      />
      <p className="mb-4 text-sm text-muted">
        Machine-readable:{" "}
        <a className="text-gold underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
      </p>
      <ApiReference url="/api/openapi.json" />
    </PageContainer>
  );
}
