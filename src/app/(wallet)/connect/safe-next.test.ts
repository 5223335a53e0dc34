import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps same-origin relative paths with query and hash", () => {
    expect(safeNextPath("/swap")).toBe("/swap");
    expect(safeNextPath("/news?page=2#top")).toBe("/news?page=2#top");
    expect(safeNextPath("/testnet")).toBe("/testnet");
  });

  it("defaults to / when missing or empty", () => {
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath(null)).toBe("/");
    expect(safeNextPath("")).toBe("/");
  });

  it("takes the first value of a repeated query parameter", () => {
    expect(safeNextPath(["/stake", "//evil.example"])).toBe("/stake");
  });

  it.each([
    "//evil.example",
    "//evil.example/swap",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "swap",
    "/\t/evil.example",
    "/\n/evil.example",
    "/sw\\ap",
  ])("rejects %j", (bad) => {
    expect(safeNextPath(bad)).toBe("/");
  });

  it("normalises dot segments without leaving the origin", () => {
    expect(safeNextPath("/a/../../swap")).toBe("/swap");
    expect(safeNextPath("/./faq")).toBe("/faq");
  });

  it("does not loop back to /connect", () => {
    expect(safeNextPath("/connect?next=/swap")).toBe("/");
  });

  it("rejects absurdly long values", () => {
    expect(safeNextPath(`/${"a".repeat(5000)}`)).toBe("/");
  });
});
