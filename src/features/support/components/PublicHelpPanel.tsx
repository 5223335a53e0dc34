import type { FaqItem } from "@/features/faq";
import { DisclosureChevron } from "@/ui";
import { proseClasses } from "@/ui/prose";
import { PublicSupportForm } from "./PublicSupportForm";

/**
 * The help panel on /connect, for visitors who cannot sign in (issue 18): the sign-in FAQ answers
 * (picked from the live FAQ, see ../help.ts) and a ticket form that needs no session. `id="help"`
 * is what the wallet modal's "Need help?" links point at.
 */
/** `mailReplies`: SMTP_URL is set, so staff answers are mailed too (the form says so). */
export function PublicHelpPanel({ faq, mailReplies }: { faq: FaqItem[]; mailReplies: boolean }) {
  return (
    <section id="help" aria-labelledby="help-title" className="mt-14 scroll-mt-24">
      <h2 id="help-title" className="text-2xl font-semibold tracking-tight">
        Need help connecting?
      </h2>
      <p className="mt-2 text-muted">
        The answers to the usual sign-in questions, and a way to reach the team without a wallet.
      </p>
      {faq.length > 0 ? (
        <div
          className="mt-6 divide-y divide-border overflow-hidden rounded-card border border-border bg-surface"
          data-testid="help-faq"
        >
          {faq.map((item) => (
            <details key={item.slug} id={`help-${item.slug}`} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-text hover:bg-raised focus-visible:bg-raised [&::-webkit-details-marker]:hidden">
                <span>{item.question}</span>
                <DisclosureChevron />
              </summary>
              <div
                className={`${proseClasses} px-5 pb-5 text-[15px]`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the FAQ's answers, sanitised on the server by renderMarkdown (raw HTML escaped, unsafe URLs dropped)
                dangerouslySetInnerHTML={{ __html: item.answerHtml }}
              />
            </details>
          ))}
        </div>
      ) : null}
      <div className="mt-8">
        <PublicSupportForm mailReplies={mailReplies} />
      </div>
    </section>
  );
}
