import { describe, expect, it } from "vitest";
import { findClusters, scoreSybils, scoresOf } from "./score";
import { addFarm, addHonest, emptyPopulation, inputOf } from "./simulate";

const FLAG = 60;

describe("sybil scoring", () => {
  it("flags a whole farm (50 wallets, one funder, one collector) and clusters it with evidence", () => {
    const p = emptyPopulation();
    addHonest(p, 300, 7);
    const farm = addFarm(p, 50, 1_000);
    const { scores, clusters } = scoreSybils(inputOf(p));
    for (const w of farm) expect(scores.get(w)?.score ?? 0).toBeGreaterThanOrEqual(FLAG);
    const funder = clusters.find((c) => c.kind === "common_funder");
    expect(funder?.members).toEqual([...farm].sort());
    expect(funder?.evidence.length).toBeGreaterThan(0);
    expect(funder?.evidence.every((h) => /^0x[0-9a-f]{64}$/.test(h))).toBe(true);
    expect(clusters.find((c) => c.kind === "common_collector")?.members).toHaveLength(50);
    expect(scores.get(farm[0] as string)?.reasons.join(" ")).toMatch(/first funded by 0x/);
  });

  it("flags at most 1 % of 500 independent honest wallets", () => {
    for (const seed of [1, 2, 3]) {
      const p = emptyPopulation();
      const honest = addHonest(p, 500, seed);
      const { scores } = scoreSybils(inputOf(p));
      const flagged = honest.filter((w) => (scores.get(w)?.score ?? 0) >= FLAG);
      expect(flagged.length).toBeLessThanOrEqual(5);
    }
  });

  it("finds funding chains and shared client addresses; a dismissed cluster counts for nothing", () => {
    const p = emptyPopulation();
    const chain = [
      `0x${"1".repeat(40)}`,
      `0x${"2".repeat(40)}`,
      `0x${"3".repeat(40)}`,
      `0x${"4".repeat(40)}`,
    ];
    p.participants.push(...chain);
    for (let i = 1; i < chain.length; i++) {
      p.transfers.push({
        from: chain[i - 1] as string,
        to: chain[i] as string,
        tx: `0x${String(i).padStart(64, "0")}`,
        block: i,
        native: true,
      });
    }
    for (const a of chain) p.clients.push({ address: a, ip: "203.0.113.5", subnet: "203.0.113.0/24" });
    const clusters = findClusters(inputOf(p));
    const fc = clusters.find((c) => c.kind === "funding_chain");
    expect(fc?.members).toEqual([...chain].sort());
    expect(clusters.find((c) => c.kind === "shared_ip")?.members).toHaveLength(4);
    const all = scoresOf(clusters);
    expect(all.get(chain[3] as string)?.score).toBe(40);
    const skipped = scoresOf(clusters, (c) => c.kind === "shared_ip");
    expect(skipped.get(chain[3] as string)?.score).toBe(20);
  });

  it("ignores sends to our own contracts and faucet drips when looking for funders and collectors", () => {
    const p = emptyPopulation();
    addHonest(p, 100, 9);
    const clusters = findClusters(inputOf(p));
    expect(clusters.filter((c) => c.kind === "common_collector" || c.kind === "common_funder")).toEqual([]);
  });
});
