/** Prose from the document with its `backtick` spans shown as code (summaries and descriptions use them). */
export function InlineText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 ? (
      <code key={i} className="font-mono text-[0.9em] text-text">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
