import { describe, expect, it } from "vitest";
import { CONTRACT_KEYS, DeploymentError, deploymentPath, PAIR_KEYS, parseDeployment } from "./deployment";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const entry = (n: number) => ({ address: addr(n), block: n, tx: `0x${n.toString(16).padStart(64, "0")}` });

function sample() {
  return {
    chainId: 99199,
    deployedAt: "2026-01-01T00:00:00.000Z",
    deployer: addr(99),
    contracts: Object.fromEntries(CONTRACT_KEYS.map((k, i) => [k, entry(i + 1)])),
    pairs: Object.fromEntries(PAIR_KEYS.map((k, i) => [k, addr(50 + i)])),
  };
}

describe("parseDeployment", () => {
  it("accepts the documented shape", () => {
    const d = parseDeployment(sample());
    expect(d.contracts.router.block).toBe(CONTRACT_KEYS.indexOf("router") + 1);
    expect(d.pairs["WAURUM/tUSD"]).toBe(addr(50));
  });

  it("names the first bad field", () => {
    const missing = sample() as { contracts: Record<string, unknown> };
    delete missing.contracts.stakingLP;
    expect(() => parseDeployment(missing, "x.json")).toThrow(/x\.json is invalid at contracts\.stakingLP/);
    const badTx = sample();
    (badTx.contracts.tUSD as { tx: string }).tx = "0x1";
    expect(() => parseDeployment(badTx)).toThrow(DeploymentError);
    expect(() => parseDeployment({ ...sample(), deployedAt: "yesterday" })).toThrow(/deployedAt/);
  });

  it("resolves <dir>/<chainId>.json", () => {
    expect(deploymentPath(99199, "/srv/deployments")).toBe("/srv/deployments/99199.json");
  });
});
