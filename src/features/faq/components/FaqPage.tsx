import { Suspense } from "react";
import { PageContainer, PageHeader } from "@/ui";
import type { FaqSection } from "../schema";
import { FaqBrowser } from "./FaqBrowser";

/**
 * The header's description is the page's largest text (its LCP element). The page has no
 * loading.tsx: a signed-in shell is served whole, and a Suspense fallback in it painted the header
 * once, then the page replaced it after React's reveal delay, a second LCP entry after the scripts
 * (docs/ARCHITECTURE.md, "Main-thread work").
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
        {/* Never suspends (its data are props), so no fallback is ever shown: the boundary only
            lets React hydrate the search and accordion in a pass of their own, after the page's
            first hydration task (as the removed loading.tsx boundary did). */}
        <Suspense fallback={null}>
          <FaqBrowser sections={sections} />
        </Suspense>
      </div>
    </PageContainer>
  );
}
