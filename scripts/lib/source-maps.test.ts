import { describe, expect, it } from "vitest";
import { keepSourceMaps } from "./source-maps";

describe("keepSourceMaps", () => {
  it("turns them off in production by default (tsx turned them on)", () => {
    expect(keepSourceMaps("production", ["--import", "tsx"], "")).toBe(false);
    expect(keepSourceMaps("production", [], "--max-old-space-size=512")).toBe(false);
  });

  it("keeps them when the operator asks with --enable-source-maps (flag or NODE_OPTIONS)", () => {
    expect(keepSourceMaps("production", ["--enable-source-maps", "--import", "tsx"])).toBe(true);
    expect(keepSourceMaps("production", [], "--trace-warnings --enable-source-maps")).toBe(true);
  });

  it("leaves them to next dev outside production", () => {
    expect(keepSourceMaps("development", [])).toBe(true);
    expect(keepSourceMaps(undefined, [])).toBe(true);
  });
});
