import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { containsReservedName, isBuiltOnReservedName, isReservedName } from "./reserved";

// The reserved names are matched on the look-alike skeleton, so a deny-listed name with an
// overlapping `vv` run is reserved in every spelling.
let saved: string | undefined;
beforeAll(() => {
  saved = process.env.NAMES_DENY_LIST;
  process.env.NAMES_DENY_LIST = "vvvault,ramm";
  resetConfigForTests();
});
afterAll(() => {
  if (saved === undefined) delete process.env.NAMES_DENY_LIST;
  else process.env.NAMES_DENY_LIST = saved;
  resetConfigForTests();
});

describe("isReservedName", () => {
  it("reserves the built-in names and their look-alikes", () => {
    for (const n of ["admin", "adm1n", "adrnin", "tearn", "support", "r00t"]) {
      expect(isReservedName(n), n).toBe(true);
    }
    expect(isReservedName("5upport")).toBe(false);
  });

  it("reserves every spelling of a deny-listed name, overlapping runs included", () => {
    for (const n of ["vvvault", "wvault", "vwault", "ramm", "rarnrn", "rarnm", "ramrn"]) {
      expect(isReservedName(n), n).toBe(true);
    }
    expect(isReservedName("vvault")).toBe(false);
    expect(isReservedName("rann")).toBe(false);
  });
});

// Review (names): suggestions for a reserved or reserved-containing name offered `admin2`,
// `the-admin`: what the portal offers must not contain a reserved word, in any spelling.
describe("containsReservedName", () => {
  it("finds a reserved word inside a name, look-alikes included", () => {
    for (const n of ["admin2", "my-adm1n", "supp0rt-x", "aurum42", "vwault7", "admin"]) {
      expect(containsReservedName(n), n).toBe(true);
    }
    for (const n of ["alice2", "quartz-x", "adrnirable"]) expect(containsReservedName(n), n).toBe(false);
  });
});

// Review (names): only exact matches were refused, so `admin2`, `aurum-support` and
// `official-aurum` registered and then read as the operator on leaderboards, the explorer and support.
describe("isBuiltOnReservedName (what registration refuses)", () => {
  it("refuses a name with a reserved word as a whole part, trailing digits removed, look-alikes folded", () => {
    for (const n of [
      "admin",
      "adm1n",
      "admin2",
      "admin-team",
      "aurum-admin",
      "aurum-support",
      "official-aurum",
      "support1",
      "support-42",
      "my-adm1n",
      "supp0rt99",
      "officia1", // a 1 can be an l: `official` itself
      "officia12",
      "r00t-x",
      "help-desk",
      "alice-team7",
      "vwault-x", // deny-listed, any spelling
      // Review (names): leading digits and two reserved words run together read as the operator too.
      "2admin",
      "01support-x",
      "2admin3",
      "aurumsupport",
      "supportaurum",
      "aurum-supportteam",
      "admin2team",
      "aurumadm1n",
      "officialaurum7",
    ]) {
      expect(isBuiltOnReservedName(n), n).toBe(true);
    }
  });

  it("refuses names that start or end with the brand (the product name, lower case)", () => {
    for (const n of ["aurum-alice", "alice-aurum", "aurum2-alice", "alice-aurum7", "aurum42"]) {
      expect(isBuiltOnReservedName(n), n).toBe(true);
    }
  });

  it("allows look-alikes that only contain a reserved word inside a part", () => {
    for (const n of [
      "steamboat",
      "helpful",
      "rooted",
      "supporter",
      "adminer",
      "teamwork",
      "aurumite",
      "laurum",
      "5upport",
      "alice",
      "alice-x",
    ]) {
      expect(isBuiltOnReservedName(n), n).toBe(false);
    }
    // A look-alike spelling of a whole part is still that part: `tearn` reads `team`.
    expect(isBuiltOnReservedName("tearn-alice")).toBe(true);
    // Two words run together are allowed unless both are reserved.
    for (const n of ["aurumite2", "teamwork7", "helpdesk"]) expect(isBuiltOnReservedName(n), n).toBe(false);
  });

  it("a brand of several words counts as a whole at either end, not word by word", () => {
    const saved = process.env.PRODUCT_NAME;
    const savedZone = process.env.NAMES_ZONE;
    process.env.PRODUCT_NAME = "Gold Portal";
    process.env.NAMES_ZONE = "gold";
    resetConfigForTests();
    try {
      for (const n of ["gold-portal-news", "news-gold-portal", "gold-portal2-x", "goldportal-x", "gold-x"]) {
        expect(isBuiltOnReservedName(n), n).toBe(true);
      }
      for (const n of ["portal-news", "news-portal", "portal-golden-x"]) {
        expect(isBuiltOnReservedName(n), n).toBe(false);
      }
    } finally {
      if (saved === undefined) delete process.env.PRODUCT_NAME;
      else process.env.PRODUCT_NAME = saved;
      if (savedZone === undefined) delete process.env.NAMES_ZONE;
      else process.env.NAMES_ZONE = savedZone;
      resetConfigForTests();
    }
  });

  it("whatever it refuses, suggestions never offer (containsReservedName is wider)", () => {
    for (const n of ["admin2", "aurum-support", "official-aurum", "support1", "officia12", "alice-aurum"]) {
      expect(containsReservedName(n), n).toBe(true);
    }
  });
});
