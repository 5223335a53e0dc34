import { afterEach, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { faucetAccount } from "./accounts";

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

it("is Anvil's second account by default, and one object however often it is asked for", () => {
  vi.stubEnv("FAUCET_PRIVATE_KEY", undefined);
  resetConfigForTests();
  expect(faucetAccount().address).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  expect(faucetAccount()).toBe(faucetAccount());
});

it("follows FAUCET_PRIVATE_KEY when the configuration changes", () => {
  // Anvil's fourth account.
  vi.stubEnv("FAUCET_PRIVATE_KEY", "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6");
  resetConfigForTests();
  expect(faucetAccount().address).toBe("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
});
