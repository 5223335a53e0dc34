/**
 * Typography for server-rendered Markdown (news articles, FAQ answers). Tailwind has no typography
 * plugin here, so the element styles are arbitrary variants scoped to the container.
 */
export const proseClasses = [
  "text-base leading-7 text-text/90 break-words",
  "[&_p]:my-4 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0",
  "[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-text",
  "[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-text",
  "[&_a]:text-gold [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-gold-hover",
  "[&_strong]:font-semibold [&_strong]:text-text",
  "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li]:pl-1",
  "[&_li::marker]:text-gold",
  "[&_code]:rounded-control [&_code]:bg-raised [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-control [&_pre]:bg-raised [&_pre]:p-4",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-2 [&_blockquote]:border-gold [&_blockquote]:pl-4 [&_blockquote]:text-muted",
  "[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-sm",
  "[&_th]:border-b [&_th]:border-border [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold",
  "[&_td]:border-b [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
  "[&_img]:my-6 [&_img]:max-w-full [&_img]:rounded-card",
  "[&_hr]:my-8 [&_hr]:border-border",
].join(" ");
