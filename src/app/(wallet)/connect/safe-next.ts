/**
 * Where `/connect` may send the user after sign-in: only a same-origin relative path. Anything that a
 * browser could resolve to another origin ("//evil", "/\\evil", "https://…", "javascript:") or that
 * carries control characters falls back to "/".
 */
export function safeNextPath(next: string | string[] | null | undefined): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return "/";
  if (!value.startsWith("/")) return "/";
  // Browsers treat "\" like "/" in URLs, so "/\evil" is protocol-relative too.
  if (value[1] === "/" || value[1] === "\\") return "/";
  // Tabs and newlines are stripped by the URL parser ("/\t/evil" becomes "//evil").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  try {
    const base = "http://portal.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return "/";
    // Never bounce back to /connect itself (a loop after sign-in).
    if (url.pathname === "/connect") return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}
