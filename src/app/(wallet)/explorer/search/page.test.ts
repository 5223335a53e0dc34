// The explorer search redirects to a path built from the visitor's query: it must go through the
// one redirect rule (src/lib/safe-redirect.ts) like every other redirect.
import { beforeEach, describe, expect, it, vi } from "vitest";

const target = vi.hoisted(() => ({ value: null as string | null }));
vi.mock("@/features/explorer", () => ({
  searchTarget: () => target.value,
  SearchNoMatch: () => null,
}));
vi.mock("@/features/names/server", () => ({ addressOfName: async () => null }));

const { default: Search } = await import("./page");

async function redirectOf(q: string): Promise<string | undefined> {
  const err = (await Search({ searchParams: Promise.resolve({ q }) }).catch((e: unknown) => e)) as {
    digest?: string;
  };
  // next/navigation's redirect() throws an error whose digest is `NEXT_REDIRECT;<type>;<url>;<status>;`.
  return err.digest?.split(";")[2];
}

describe("explorer search redirect", () => {
  beforeEach(() => {
    target.value = null;
  });

  it("sends a match to its page", async () => {
    target.value = "/explorer/block/42";
    expect(await redirectOf("42")).toBe("/explorer/block/42");
  });

  it.each(["//evil.example/x", "https://evil.example/", "/.//evil.example", "/\\evil.example"])(
    "never follows a target that could leave the site (%j): back to /explorer",
    async (bad) => {
      target.value = bad;
      expect(await redirectOf("x")).toBe("/explorer");
    },
  );
});
