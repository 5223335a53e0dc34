/** The id of the page's `<main>`, the skip link's target. */
export const MAIN_ID = "main";

/**
 * "Skip to content": the first focusable element of every page (WCAG 2.4.1), hidden until it has
 * keyboard focus. `<main>` carries tabIndex -1 so following the link moves focus there too, not
 * only the scroll position, and the next Tab continues inside the page's content.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      data-testid="skip-link"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded-control focus:bg-gold focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-bg"
    >
      Skip to content
    </a>
  );
}
