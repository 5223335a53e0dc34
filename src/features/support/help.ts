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

/**
 * The 404 of `/connect/ticket/{token}`: the token is unknown, or the link was revoked when the
 * ticket's owner signed in and replied (the ticket is then in their account). Both read the same.
 */
export const TICKET_LINK_GONE =
  "This ticket link does not open a ticket. A private link stops working once its ticket's owner signs in and replies: the ticket is then under Support in that wallet's account.";
