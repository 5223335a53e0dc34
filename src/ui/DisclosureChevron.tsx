/** The open/closed mark of a `<details>` row (class `group`): points down, up once open. */
export function DisclosureChevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-5 w-5 shrink-0 text-muted transition-transform duration-150 group-open:rotate-180 group-open:text-gold motion-reduce:transition-none"
    >
      <path
        d="M5 7.5l5 5 5-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
