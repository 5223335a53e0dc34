import { PageContainer, PageHeader } from "@/ui";
import type { FaqSection } from "../schema";
import { FaqBrowser, type FaqBrowserSection } from "./FaqBrowser";

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
        <FaqBrowser sections={sections.map(withoutText)} />
      </div>
    </PageContainer>
  );
}

/** The browser rebuilds the answers' text when someone searches: not sent twice. */
function withoutText(section: FaqSection): FaqBrowserSection {
  return { ...section, items: section.items.map(({ answerText: _, ...item }) => item) };
}
