import { NextResponse } from "next/server";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { resetConfigForTests } from "@/server/config";
import { newSessionId, signSessionId } from "../session-cookie";
import {
  carriesSessionCookie,
  clearSessionCookie,
  sessionFromCookieHeader,
  setSessionCookie,
} from "./sessions";

const SECRET = "s".repeat(64);
const saved = {
  PUBLIC_URL: process.env.PUBLIC_URL,
  SESSION_SECRET: process.env.SESSION_SECRET,
  SECURE_COOKIES: process.env.SECURE_COOKIES,
};

/** The configuration of a site served at `publicUrl` (https: Secure cookies, so `__Host-`). */
function site(publicUrl: string) {
  process.env.PUBLIC_URL = publicUrl;
  process.env.SESSION_SECRET = SECRET;
  delete process.env.SECURE_COOKIES;
  resetConfigForTests();
}
afterEach(() => resetConfigForTests());
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfigForTests();
});

/** The Set-Cookie lines of an answer, by cookie name. */
function setCookies(res: NextResponse): Record<string, string> {
  return Object.fromEntries(
    res.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]),
  );
}

// Never used: a header without a cookie of the current name must not reach the database.
const noDb = new Proxy({} as Db, {
  get() {
    throw new Error("the database was asked");
  },
});

describe("session cookie over HTTPS (Secure cookies)", () => {
  it("sign-in sets __Host-aurum_session (Secure, Path=/, no Domain) and clears the plain name", () => {
    site("https://portal.example.org");
    const res = NextResponse.json({});
    setSessionCookie(res, "v.w");
    const lines = setCookies(res);
    expect(Object.keys(lines).sort()).toEqual(["__Host-aurum_session", "aurum_session"]);
    const host = lines["__Host-aurum_session"]!;
    expect(host).toMatch(/^__Host-aurum_session=v\.w;/);
    expect(host).toMatch(/; Secure/i);
    expect(host).toMatch(/Path=\/(;|$)/);
    expect(host).toMatch(/HttpOnly/i);
    expect(host).not.toMatch(/Domain=/i);
    expect(lines.aurum_session).toMatch(/^aurum_session=;.*Max-Age=0/);
  });

  it("logout clears both names, the __Host- one Secure as browsers require", () => {
    site("https://portal.example.org");
    const res = NextResponse.json({});
    clearSessionCookie(res);
    const lines = setCookies(res);
    expect(lines["__Host-aurum_session"]).toMatch(/^__Host-aurum_session=;.*Max-Age=0/);
    expect(lines["__Host-aurum_session"]).toMatch(/; Secure/i);
    expect(lines.aurum_session).toMatch(/^aurum_session=;.*Max-Age=0/);
  });

  it("ignores a planted, validly signed plain aurum_session without asking the database", async () => {
    site("https://portal.example.org");
    const planted = await signSessionId(newSessionId(), SECRET);
    expect(await sessionFromCookieHeader(`aurum_session=${planted}`, noDb)).toBeNull();
    // The current name is read (and looked up).
    await expect(sessionFromCookieHeader(`__Host-aurum_session=${planted}`, noDb)).rejects.toThrow(
      "the database was asked",
    );
  });
});

describe("session cookie over plain http", () => {
  it("sign-in sets aurum_session (not Secure) and clears __Host-aurum_session", () => {
    site("http://localhost:3000");
    const res = NextResponse.json({});
    setSessionCookie(res, "v.w");
    const lines = setCookies(res);
    expect(lines.aurum_session).toMatch(/^aurum_session=v\.w;/);
    expect(lines.aurum_session).not.toMatch(/Secure/i);
    // A browser takes a __Host- cookie only with Secure (http://localhost counts as secure).
    expect(lines["__Host-aurum_session"]).toMatch(/^__Host-aurum_session=;.*Max-Age=0.*; Secure/i);
  });

  it("logout clears both names", () => {
    site("http://localhost:3000");
    const res = NextResponse.json({});
    clearSessionCookie(res);
    const lines = setCookies(res);
    expect(lines.aurum_session).toMatch(/^aurum_session=;.*Max-Age=0/);
    expect(lines["__Host-aurum_session"]).toMatch(/^__Host-aurum_session=;.*Max-Age=0/);
  });

  it("ignores a __Host- cookie, reads aurum_session", async () => {
    site("http://localhost:3000");
    const value = await signSessionId(newSessionId(), SECRET);
    expect(await sessionFromCookieHeader(`__Host-aurum_session=${value}`, noDb)).toBeNull();
    await expect(sessionFromCookieHeader(`aurum_session=${value}`, noDb)).rejects.toThrow(
      "the database was asked",
    );
  });
});

describe("carriesSessionCookie", () => {
  it("sees either name, valid or not, and nothing else", () => {
    expect(carriesSessionCookie("aurum_session=x")).toBe(true);
    expect(carriesSessionCookie("a=1; __Host-aurum_session=x")).toBe(true);
    expect(carriesSessionCookie("aurum_session_x=1; aurum_ref=ABCD2345")).toBe(false);
    expect(carriesSessionCookie(null)).toBe(false);
  });
});
