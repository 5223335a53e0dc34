import { describe, expect, it } from "vitest";
import {
  CHUNK_RELOAD_GUARD_MS,
  chunkReloadKey,
  isChunkLoadError,
  parseTimestamp,
  shouldReloadForChunkError,
} from "./chunk-reload";

describe("isChunkLoadError", () => {
  it("recognises chunk failures from webpack, Turbopack and browsers", () => {
    const named = new Error("x");
    named.name = "ChunkLoadError";
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 123 failed."))).toBe(true);
    expect(
      isChunkLoadError(new Error("Failed to load chunk /_next/static/chunks/abc.js from module 1")),
    ).toBe(true);
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/a.js")),
    ).toBe(true);
    expect(isChunkLoadError("Loading CSS chunk 7 failed")).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });
});

describe("shouldReloadForChunkError", () => {
  const now = 1_000_000;
  it("reloads the first time", () => {
    expect(shouldReloadForChunkError(null, now)).toBe(true);
  });
  it("does not reload again within 10 s", () => {
    expect(shouldReloadForChunkError(now - 1, now)).toBe(false);
    expect(shouldReloadForChunkError(now - CHUNK_RELOAD_GUARD_MS + 1, now)).toBe(false);
  });
  it("reloads again after 10 s", () => {
    expect(shouldReloadForChunkError(now - CHUNK_RELOAD_GUARD_MS, now)).toBe(true);
  });
  it("treats a timestamp from the future (clock change) as stale", () => {
    expect(shouldReloadForChunkError(now + 60_000, now)).toBe(true);
  });
});

describe("storage helpers", () => {
  it("keys per path and parses timestamps defensively", () => {
    expect(chunkReloadKey("/a")).not.toBe(chunkReloadKey("/b"));
    expect(parseTimestamp(null)).toBeNull();
    expect(parseTimestamp("abc")).toBeNull();
    expect(parseTimestamp("123")).toBe(123);
  });
});
