import { describe, expect, it } from "vitest";
import { connectUrlFor, isProtectedPath, PROTECTED_ROUTES } from "./routes";

describe("protected routes", () => {
  it("protects each route and its sub-paths", () => {
    for (const r of PROTECTED_ROUTES) {
      expect(isProtectedPath(r)).toBe(true);
      expect(isProtectedPath(`${r}/`)).toBe(true);
      expect(isProtectedPath(`${r}/deep/path`)).toBe(true);
    }
  });

  it.each(["/", "/connect", "/newsletter", "/faqs", "/ABCD2345", "/api/auth/nonce", "/admin", "/NEWS"])(
    "leaves %s public",
    (p) => {
      expect(isProtectedPath(p)).toBe(false);
    },
  );

  it("builds the connect URL with the path and query encoded", () => {
    expect(connectUrlFor("/news/launch", "?tab=2&x=y")).toBe(
      "/connect?next=%2Fnews%2Flaunch%3Ftab%3D2%26x%3Dy",
    );
    expect(connectUrlFor("/swap")).toBe("/connect?next=%2Fswap");
  });
});
