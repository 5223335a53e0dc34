import { describe, expect, it, vi } from "vitest";
import {
  newSessionId,
  readCookie,
  SESSION_COOKIE_NAMES,
  sessionCookieName,
  sha256Hex,
  signSessionId,
  verifiedSessionCookie,
  verifySessionCookie,
} from "./session-cookie";

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

describe("session cookie name and reading rule", () => {
  const secure = { sessionSecret: SECRET, secureCookies: true };
  const plain = { sessionSecret: SECRET, secureCookies: false };

  it("is __Host-aurum_session when cookies are Secure, aurum_session over plain http", () => {
    expect(sessionCookieName(true)).toBe("__Host-aurum_session");
    expect(sessionCookieName(false)).toBe("aurum_session");
    expect([...SESSION_COOKIE_NAMES].sort()).toEqual(["__Host-aurum_session", "aurum_session"]);
  });

  it("in secure mode ignores a planted plain aurum_session, validly signed, in either order", async () => {
    const victimId = newSessionId();
    const victim = await signSessionId(victimId, SECRET);
    // The attacker's own session, signed by this site: a sibling subdomain set it with
    // `Domain=.example.org; Path=/api`, so the browser sends it first.
    const attacker = await signSessionId(newSessionId(), SECRET);
    expect(await verifiedSessionCookie(`aurum_session=${attacker}`, secure)).toBeNull();
    for (const header of [
      `aurum_session=${attacker}; __Host-aurum_session=${victim}`,
      `__Host-aurum_session=${victim}; aurum_session=${attacker}`,
    ]) {
      expect(await verifiedSessionCookie(header, secure)).toEqual({ value: victim, id: victimId });
    }
  });

  it("over plain http reads only aurum_session (the first validly signed copy)", async () => {
    const goodId = newSessionId();
    const good = await signSessionId(goodId, SECRET);
    const bad = await signSessionId(newSessionId(), "x".repeat(64));
    expect(await verifiedSessionCookie(`__Host-aurum_session=${good}`, plain)).toBeNull();
    expect(await verifiedSessionCookie(`aurum_session=${bad}; aurum_session=${good}`, plain)).toEqual({
      value: good,
      id: goodId,
    });
    expect(await verifiedSessionCookie(`aurum_session=${bad}; aurum_session=junk`, plain)).toBeNull();
  });
});
