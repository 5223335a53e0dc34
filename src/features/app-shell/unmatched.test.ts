import { describe, expect, it } from "vitest";
import { botNotFoundResponse, unmatchedPath } from "./unmatched";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("unmatchedPath", () => {
  it("leaves real routes and files alone", () => {
    for (const p of [
      "/",
      "/connect",
      "/swap",
      "/news/some-slug",
      "/api/version",
      "/_next/static/x.js",
      "/favicon.ico",
    ]) {
      expect(unmatchedPath(p)).toBeNull();
    }
  });

  it("accepts well-formed referral codes in any case", () => {
    expect(unmatchedPath("/ABCDEFGH")).toBeNull();
    expect(unmatchedPath("/abcdefgh")).toBeNull();
    expect(unmatchedPath("/23456789/")).toBeNull();
    // The page gets the segment decoded, so an escaped code is still a code.
    expect(unmatchedPath("/ABCD%32345")).toBeNull();
    expect(unmatchedPath("/ABCD%2")?.message).toBe("Page Not Found: /ABCD%2");
  });

  it("gives the validation 404 for a bad single segment", () => {
    expect(unmatchedPath("/hello")).toEqual({ status: 404, message: "Page Not Found: /hello" });
    // 0, 1, I and O are not in the alphabet.
    expect(unmatchedPath("/ABCDEFG0")?.message).toBe("Page Not Found: /ABCDEFG0");
    expect(unmatchedPath("/ABCDEFGHJ")?.message).toBe("Page Not Found: /ABCDEFGHJ");
  });

  it("gives the unmatched 404 for deeper unknown paths", () => {
    expect(unmatchedPath("/ABCDEFGH/more")).toEqual({
      status: 404,
      message: "Page not found: /ABCDEFGH/more",
    });
    expect(unmatchedPath("/a/b/c")?.message).toBe("Page not found: /a/b/c");
  });
});

describe("botNotFoundResponse", () => {
  it("answers crawlers with plain text and logs", async () => {
    const logged: string[] = [];
    const res = botNotFoundResponse("/nope/x", GOOGLEBOT, (i) => logged.push(i.message));
    expect(res?.status).toBe(404);
    expect(await res?.text()).toBe("404 Page not found: /nope/x\n");
    expect(logged).toEqual(["Page not found: /nope/x"]);
  });

  it("lets people and matched paths through", () => {
    expect(botNotFoundResponse("/nope/x", CHROME)).toBeNull();
    expect(botNotFoundResponse("/", GOOGLEBOT)).toBeNull();
    expect(botNotFoundResponse("/ABCDEFGH", GOOGLEBOT)).toBeNull();
  });
});
