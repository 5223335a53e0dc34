import type { FaqItem, FaqSection } from "@/features/faq";

// The public help panel on /connect (issue 18): the FAQ answers someone who cannot sign in needs,
// picked by their deep-link slug from the live FAQ (content/faq.md as edited in the console), so
// an edited answer shows here too and nothing is copied into code.

export const HELP_FAQ_SLUGS = [
  "which-wallets-can-i-use",
  "what-will-the-portal-ask-me-to-sign",
  "how-do-i-add-the-testnet-to-my-wallet",
  "my-wallet-shows-a-nonce-too-low-error-or-old-pending-transactions",
] as const;

/** The FAQ items among `slugs`, in the order of `slugs`; missing ones (deleted in the console) are skipped. */
export function pickHelpFaq(sections: FaqSection[], slugs: readonly string[] = HELP_FAQ_SLUGS): FaqItem[] {
  const bySlug = new Map(sections.flatMap((s) => s.items.map((i) => [i.slug, i] as const)));
  return slugs.flatMap((slug) => {
    const item = bySlug.get(slug);
    return item ? [item] : [];
  });
}
