import { describe, expect, it } from "vitest";
import { bearerMatches } from "./bearer";

describe("bearerMatches", () => {
  const token = "metrics-token-0123456789";
  it("accepts the token as a Bearer credential, the scheme in any case", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
  });
  it("refuses another token, a prefix of it, another scheme and no header", () => {
    expect(bearerMatches("Bearer metrics-token-0123456788", token)).toBe(false);
    expect(bearerMatches("Bearer metrics-token", token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerMatches(null, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
  });
});
