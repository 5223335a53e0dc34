import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redirectUrl, safeRedirectPath } from "./safe-redirect";

const ORIGIN = "http://localhost:3000";

/** What a browser would do with the target: it must stay on this origin. */
function landsOnOrigin(target: string): boolean {
  return new URL(target, ORIGIN).origin === ORIGIN;
}

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with query and hash", () => {
    expect(safeRedirectPath("/swap", ORIGIN)).toBe("/swap");
    expect(safeRedirectPath("/news?page=2#top", ORIGIN)).toBe("/news?page=2#top");
    expect(safeRedirectPath("/swap?from=AURUM&to=USDT", ORIGIN)).toBe("/swap?from=AURUM&to=USDT");
  });

  it("defaults to the fallback when missing or empty", () => {
    expect(safeRedirectPath(undefined, ORIGIN)).toBe("/");
    expect(safeRedirectPath(null, ORIGIN)).toBe("/");
    expect(safeRedirectPath("", ORIGIN)).toBe("/");
    expect(safeRedirectPath("//evil", ORIGIN, "/wallet")).toBe("/wallet");
  });

  it("takes the first value of a repeated query parameter", () => {
    expect(safeRedirectPath(["/stake", "//evil.example"], ORIGIN)).toBe("/stake");
    expect(safeRedirectPath(["//evil.example", "/stake"], ORIGIN)).toBe("/");
  });

  it.each([
    "/.//evil.example",
    "/././/evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil",
    "/%2E%2E//evil",
    "/.%2e//evil",
    "/%2e%2E/%2e//evil",
    "//evil",
    "//evil.example/swap",
    "/\\evil",
    "/\\\\evil",
    "\\\\evil.example",
    "/.\\/evil",
    "/\t/evil",
    "/\n/evil",
    "/\r/evil",
    "/ \t//evil",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "swap",
    "/sw\\ap",
    "/connect?next=/swap",
    `/${"a".repeat(5000)}`,
  ])("refuses %j", (bad) => {
    const target = safeRedirectPath(bad, ORIGIN);
    expect(target).toBe("/");
  });

  it("normalises dot segments without leaving the origin", () => {
    expect(safeRedirectPath("/a/../../swap", ORIGIN)).toBe("/swap");
    expect(safeRedirectPath("/./faq", ORIGIN)).toBe("/faq");
    expect(safeRedirectPath("/%2e%2e/faq", ORIGIN)).toBe("/faq");
  });

  it("percent-encodes what it passes on (no header injection through Location)", () => {
    expect(safeRedirectPath("/swap?x=a b", ORIGIN)).toBe("/swap?x=a%20b");
    expect(safeRedirectPath("/news/ü", ORIGIN)).toBe("/news/%C3%BC");
  });

  it("allows /connect only as a redirect to sign-in, never as `next` after it", () => {
    expect(safeRedirectPath("/connect?next=%2Fswap", ORIGIN)).toBe("/");
    expect(safeRedirectPath("/connect?next=%2Fswap", ORIGIN, "/", { toConnect: true })).toBe(
      "/connect?next=%2Fswap",
    );
    expect(safeRedirectPath("//evil.example/connect", ORIGIN, "/connect", { toConnect: true })).toBe(
      "/connect",
    );
  });

  it("redirectUrl: absolute on the configured origin, whatever the target claims", () => {
    expect(redirectUrl("/explorer/block/1", ORIGIN).href).toBe(`${ORIGIN}/explorer/block/1`);
    expect(redirectUrl("https://evil.example/x", ORIGIN, "/explorer").href).toBe(`${ORIGIN}/explorer`);
    expect(redirectUrl("/.//evil.example", ORIGIN).href).toBe(`${ORIGIN}/`);
    expect(redirectUrl("/connect?next=%2Fswap", ORIGIN, "/connect", { toConnect: true }).href).toBe(
      `${ORIGIN}/connect?next=%2Fswap`,
    );
  });

  // Fragments that URL parsers treat specially, so the generator reaches the tricky spellings often.
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2f",
    "%5c",
    "\t",
    "\n",
    " ",
    ":",
    "@",
    "?",
    "#",
    "evil.example",
    "http:",
    "https://",
    "localhost:3000",
    "swap",
  );
  const trickyString = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));

  it("for any string, the target is same-origin and starts with exactly one slash", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 64 }), trickyString), (input) => {
        const target = safeRedirectPath(input, ORIGIN);
        expect(target.startsWith("/")).toBe(true);
        expect(target.startsWith("//")).toBe(false);
        expect(target.startsWith("/\\")).toBe(false);
        expect(landsOnOrigin(target)).toBe(true);
        // Idempotent: the browser's next hop through the same rule goes nowhere else.
        expect(safeRedirectPath(target, ORIGIN)).toBe(target);
      }),
      { numRuns: 3000, seed: 4361 },
    );
    // A generous limit: the shared CI machine may be busy; this is no timing assertion.
  }, 60_000);
});
