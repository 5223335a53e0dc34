import { PageContainer, PageHeader, Skeleton } from "@/ui";
import type { FaqSection } from "../schema";
import { FaqBrowser } from "./FaqBrowser";

/**
 * The header is the page's largest text (its LCP element): the loading skeleton shows it too, so it
 * paints with the first streamed chunk instead of after the FAQ query (docs/ARCHITECTURE.md).
 */
const HEADER = {
  title: "FAQ",
  description:
    "Answers to the questions participants ask most: the testnet, the faucet, points, referrals and stuck transactions.",
};

export function FaqPage({ sections }: { sections: FaqSection[] }) {
  return (
    <PageContainer>
      <PageHeader {...HEADER} />
      <div className="max-w-4xl">
        <FaqBrowser sections={sections} />
      </div>
    </PageContainer>
  );
}

export function FaqSkeleton() {
  return (
    <PageContainer>
      <PageHeader {...HEADER} />
      <div className="max-w-4xl">
        <Skeleton className="mb-10 block h-10 w-full max-w-xl" label="Loading the FAQ" />
        {[0, 1].map((s) => (
          <div key={s} className="mb-10">
            <Skeleton className="mb-3 block h-6 w-40" />
            <div className="flex flex-col gap-px overflow-hidden rounded-card border border-border">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="block h-14 w-full rounded-none" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </PageContainer>
  );
}
