import { describe, expect, it } from "vitest";
import { heapGrowingFlag, keepSourceMaps } from "./memory";

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

describe("heapGrowingFlag", () => {
  it("asks V8 for 1.5× growth by default", () => {
    expect(heapGrowingFlag(["--import", "tsx"], "")).toBe("--heap-growing-percent=50");
  });

  it("leaves an operator's own setting alone (flag or NODE_OPTIONS, either spelling)", () => {
    expect(heapGrowingFlag(["--heap-growing-percent=80"])).toBeNull();
    expect(heapGrowingFlag([], "--heap_growing_percent=20")).toBeNull();
    expect(heapGrowingFlag(["--heap-growing-percentage=1"])).toBe("--heap-growing-percent=50");
  });
});
