import { describe, expect, it, vi } from "vitest";
import { newSessionId, readCookie, sha256Hex, signSessionId, verifySessionCookie } from "./session-cookie";

const SECRET = "a".repeat(64);

describe("session cookie", () => {
  it("signs an id and verifies it back", async () => {
    const id = newSessionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const value = await signSessionId(id, SECRET);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(await verifySessionCookie(value, SECRET)).toBe(id);
  });

  it("produces the standard HMAC-SHA256 (interoperable with node:crypto)", async () => {
    const { createHmac } = await import("node:crypto");
    const id = newSessionId();
    const expected = createHmac("sha256", SECRET).update(id).digest("base64url");
    expect(await signSessionId(id, SECRET)).toBe(`${id}.${expected}`);
  });

  it("gives a new id every time", () => {
    const ids = new Set(Array.from({ length: 1000 }, newSessionId));
    expect(ids.size).toBe(1000);
  });

  it("checks a valid signature once, a forged one every time, and never across secrets", async () => {
    const spy = vi.spyOn(crypto.subtle, "verify");
    try {
      const id = newSessionId();
      const value = await signSessionId(id, SECRET);
      expect(await verifySessionCookie(value, SECRET)).toBe(id);
      expect(await verifySessionCookie(value, SECRET)).toBe(id);
      expect(spy).toHaveBeenCalledTimes(1);
      // The same value under another secret is checked again (and fails).
      expect(await verifySessionCookie(value, "c".repeat(64))).toBeNull();
      expect(spy).toHaveBeenCalledTimes(2);
      const forged = `${id}.${"A".repeat(43)}`;
      expect(await verifySessionCookie(forged, SECRET)).toBeNull();
      expect(await verifySessionCookie(forged, SECRET)).toBeNull();
      expect(spy).toHaveBeenCalledTimes(4);
    } finally {
      spy.mockRestore();
    }
  });

  it("refuses a cookie signed with another secret", async () => {
    const value = await signSessionId(newSessionId(), "b".repeat(64));
    expect(await verifySessionCookie(value, SECRET)).toBeNull();
  });

  it("refuses a tampered id or MAC", async () => {
    const id = newSessionId();
    const value = await signSessionId(id, SECRET);
    const [idPart, mac] = value.split(".") as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    expect(await verifySessionCookie(`${flip(idPart, 5)}.${mac}`, SECRET)).toBeNull();
    expect(await verifySessionCookie(`${idPart}.${flip(mac, 5)}`, SECRET)).toBeNull();
    // An attacker-chosen id with a MAC borrowed from a real cookie.
    expect(await verifySessionCookie(`${newSessionId()}.${mac}`, SECRET)).toBeNull();
  });

  it.each([
    ["undefined", undefined],
    ["empty", ""],
    ["no dot", "abc"],
    ["short parts", "abc.def"],
    ["extra dot", `${"a".repeat(43)}.${"b".repeat(43)}.c`],
    ["bad characters", `${"a".repeat(42)}!.${"b".repeat(43)}`],
  ])("refuses a malformed value (%s)", async (_, value) => {
    expect(await verifySessionCookie(value, SECRET)).toBeNull();
  });

  it("hashes with SHA-256 hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("reads a cookie from a Cookie header", () => {
    const header = "a=1; aurum_session=x.y; aurum_ref=ABCD2345; other=%20z";
    expect(readCookie(header, "aurum_session")).toBe("x.y");
    expect(readCookie(header, "aurum_ref")).toBe("ABCD2345");
    expect(readCookie(header, "other")).toBe(" z");
    expect(readCookie(header, "missing")).toBeUndefined();
    expect(readCookie(null, "a")).toBeUndefined();
    expect(readCookie("aurum_session_x=1; aurum_session=2", "aurum_session")).toBe("2");
    expect(readCookie("bad=%E0%A4%A", "bad")).toBe("%E0%A4%A");
  });
});
