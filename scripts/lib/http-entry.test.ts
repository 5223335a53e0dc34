import { describe, expect, it } from "vitest";
import { wellEncodedPath } from "./http-entry";

describe("wellEncodedPath", () => {
  it.each(["/", "/news/caf%C3%A9", "/news/a%2Fb", "/swap?x=%ZZ", "/a#%ZZ", "/api/account/0xabc/balance"])(
    "accepts %j",
    (target) => {
      expect(wellEncodedPath(target)).toBe(true);
    },
  );

  it.each(["/news/%E0%A4%A", "/%", "/ab%2", "/news/%ZZ", "/swap/%C0%AF", "/api/account/%E0%A4%A/balance"])(
    "refuses %j",
    (target) => {
      expect(wellEncodedPath(target)).toBe(false);
    },
  );
});
