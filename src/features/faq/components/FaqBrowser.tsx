"use client";

import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useDebounced } from "@/lib/use-debounced";
import { ButtonLink, DisclosureChevron, EmptyState, Input } from "@/ui";
import { proseClasses } from "@/ui/prose";
import { countItems, FAQ_SEARCH_DEBOUNCE_MS, filterFaq } from "../filter";
import type { FaqItem, FaqSection } from "../schema";

/**
 * What the page hands the browser: the answers without their plain-text copy (`answerText`), which
 * the search rebuilds from the HTML once someone types, so the page's Flight data carries each
 * answer once (docs/ARCHITECTURE.md, "Main-thread work").
 */
export type FaqBrowserSection = Omit<FaqSection, "items"> & { items: Omit<FaqItem, "answerText">[] };

function hashSlug(): string {
  if (typeof window === "undefined") return "";
  // The hash is whatever a shared link carries (`/faq#100%`): a malformed escape names no question,
  // and must not take the page down with a URIError.
  try {
    return decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return "";
  }
}

/** An answer's words for the search: the HTML's text, tags read as word breaks, entities decoded. */
function answerText(html: string): string {
  return new DOMParser().parseFromString(html.replace(/</g, " <"), "text/html").body.textContent ?? "";
}

/**
 * The FAQ: a search box that filters as you type (debounced) and a list of native disclosures
 * (`<details>`) per section: they open without JavaScript, and hydrating them is cheap (a Radix
 * accordion was 13 KB gzip of /faq's first load and most of its hydration). `/faq#question-slug`
 * opens and scrolls to that question; opening a question updates the hash, so the address bar is
 * always a shareable link to what is open.
 */
export function FaqBrowser({ sections }: { sections: FaqBrowserSection[] }) {
  const [query, setQuery] = useState("");
  const debounced = useDebounced(query, FAQ_SEARCH_DEBOUNCE_MS);
  const [open, setOpen] = useState<string[]>([]);
  const searchId = useId();

  const searching = debounced.trim() !== "";
  // The answers' text is built the first time someone searches, not at hydration.
  const searchable = useMemo<FaqSection[] | null>(
    () =>
      searching
        ? sections.map((s) => ({
            ...s,
            items: s.items.map((i) => ({ ...i, answerText: answerText(i.answerHtml) })),
          }))
        : null,
    [sections, searching],
  );
  const results: FaqBrowserSection[] = useMemo(
    () => (searchable ? filterFaq(searchable, debounced) : sections),
    [searchable, sections, debounced],
  );
  const total = countItems(results);

  const openFromHash = useCallback(() => {
    const slug = hashSlug();
    if (!slug || !sections.some((s) => s.items.some((i) => i.slug === slug))) return;
    setQuery("");
    setOpen((prev) => (prev.includes(slug) ? prev : [...prev, slug]));
    // After the disclosure has opened, bring the question into view.
    requestAnimationFrame(() => document.getElementById(slug)?.scrollIntoView({ block: "start" }));
  }, [sections]);

  useEffect(() => {
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
    return () => window.removeEventListener("hashchange", openFromHash);
  }, [openFromHash]);

  // The disclosure toggled itself (a click, Enter/Space, find-in-page): follow it in the state and
  // the address bar.
  const onToggle = (slug: string, isOpen: boolean) => {
    if (isOpen === open.includes(slug)) return;
    setOpen((prev) => (isOpen ? [...prev, slug] : prev.filter((s) => s !== slug)));
    if (isOpen) window.history.replaceState(null, "", `#${slug}`);
    else if (hashSlug() === slug) window.history.replaceState(null, "", window.location.pathname);
  };

  return (
    <div>
      <div className="mb-8 max-w-xl">
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-text">
          Search the FAQ
        </label>
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. faucet, nonce, referral"
          autoComplete="off"
          maxLength={100}
          data-testid="faq-search"
        />
        <p className="mt-2 text-xs text-muted" aria-live="polite" data-testid="faq-count">
          {debounced.trim()
            ? `${total} ${total === 1 ? "question matches" : "questions match"} “${debounced.trim()}”`
            : `${total} questions`}
        </p>
      </div>

      {results.length === 0 ? (
        <EmptyState
          title="No questions match your search"
          description="Try fewer or different words — or ask the team directly: open a support ticket and we will answer on the Support page."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <ButtonLink href="/support">Contact support</ButtonLink>
              <button
                type="button"
                onClick={() => setQuery("")}
                className="h-10 rounded-control px-4 text-sm text-muted hover:bg-raised hover:text-text"
              >
                Clear search
              </button>
            </div>
          }
        />
      ) : (
        <div className="flex flex-col gap-10">
          {results.map((section) => (
            <section key={section.slug} aria-labelledby={`section-${section.slug}`}>
              <h2 id={`section-${section.slug}`} className="mb-3 text-lg font-semibold text-gold">
                {section.title}
              </h2>
              <div className="divide-y divide-border overflow-hidden rounded-card border border-border bg-surface">
                {section.items.map((item) => (
                  <details
                    key={item.slug}
                    id={item.slug}
                    open={open.includes(item.slug)}
                    onToggle={(e) => onToggle(item.slug, e.currentTarget.open)}
                    className="group scroll-mt-24"
                  >
                    <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-medium text-text hover:bg-raised focus-visible:bg-raised [&::-webkit-details-marker]:hidden">
                      <h3>{item.question}</h3>
                      <DisclosureChevron />
                    </summary>
                    <div className="px-5 pb-5 text-sm">
                      <div
                        className={`${proseClasses} text-[15px]`}
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by renderMarkdown (raw HTML escaped, unsafe URLs dropped)
                        dangerouslySetInnerHTML={{ __html: item.answerHtml }}
                      />
                    </div>
                  </details>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
