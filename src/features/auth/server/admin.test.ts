import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { isAdmin } from "./users";

const ADMIN = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

afterEach(() => {
  delete process.env.ADMIN_ADDRESSES;
  resetConfigForTests();
});

describe("isAdmin", () => {
  it("matches ADMIN_ADDRESSES in any letter case", () => {
    process.env.SESSION_SECRET = "s".repeat(64);
    process.env.ADMIN_ADDRESSES = `${ADMIN}, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8`;
    resetConfigForTests();
    expect(isAdmin(ADMIN)).toBe(true);
    expect(isAdmin(ADMIN.toLowerCase())).toBe(true);
    expect(isAdmin("0x70997970c51812dc3a010c7d01b50e0d17dc79c8")).toBe(true);
    expect(isAdmin("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin("")).toBe(false);
  });

  it("has no admins when ADMIN_ADDRESSES is unset", () => {
    process.env.SESSION_SECRET = "s".repeat(64);
    resetConfigForTests();
    expect(isAdmin(ADMIN)).toBe(false);
  });
});
