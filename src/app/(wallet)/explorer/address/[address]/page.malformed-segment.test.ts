// /explorer/address/%25zz reaches the page with params.address === "%zz" (Next decodes the segment
// once, see docs/api.md "Account" and src/features/wallet/server/api.ts). A second decode in the
// page threw URIError (a 500) instead of the documented 404 "Address … is invalid".
import { describe, expect, it, vi } from "vitest";

vi.mock("@/features/explorer/server", () => ({
  getAddressView: vi.fn(async () => {
    throw new Error("must not be reached for an invalid address");
  }),
}));
vi.mock("@/server/locale", () => ({ requestLocale: async () => "en" }));

const { default: AddressRoute } = await import("./page");

async function outcome(address: string): Promise<string> {
  try {
    await AddressRoute({
      params: Promise.resolve({ address }),
      searchParams: Promise.resolve({}),
    });
    return "rendered";
  } catch (err) {
    const e = err as { digest?: string; name?: string };
    if (typeof e.digest === "string" && e.digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;404")) return "404";
    return `threw ${e.name}`;
  }
}

describe("explorer address page: malformed segments", () => {
  it.each(["%zz", "%E0%A4%A", "0x%"])(
    "%j (already decoded once by Next) is a 404, not a 500",
    async (address) => {
      expect(await outcome(address)).toBe("404");
    },
  );

  it("a plain invalid address is a 404 (control)", async () => {
    expect(await outcome("0xnope")).toBe("404");
  });
});
