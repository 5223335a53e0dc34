import { describe, expect, it } from "vitest";
import { fakeDeployment } from "@/features/indexer/testing";
import { knownContracts } from "./known-contracts";

describe("knownContracts", () => {
  it("names every contract and pool of the deployment and the airdrop distributors", () => {
    const d = fakeDeployment();
    const dist = "0x00000000000000000000000000000000000000d1";
    const list = knownContracts(d, { nativeSymbol: "AURUM", distributors: [{ address: dist }] });
    const addresses = list.map((k) => k.address.toLowerCase());
    for (const c of Object.values(d.contracts)) expect(addresses).toContain(c.address.toLowerCase());
    for (const p of Object.values(d.pairs)) expect(addresses).toContain(p.toLowerCase());
    expect(list.find((k) => k.address === d.pairs["WAURUM/tUSD"])?.label).toBe("WAURUM/tUSD pool");
    expect(list.find((k) => k.address === dist)?.label).toBe("airdrop distributor");
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});
