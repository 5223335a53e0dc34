import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { containsReservedName, isReservedName } from "./reserved";

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
