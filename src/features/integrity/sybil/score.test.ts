import { describe, expect, it } from "vitest";
import { findClusters, scoreSybils, scoresOf, type Transfer } from "./score";
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

  // A farm funding its wallets one after another (A→B→C→…) builds a chain as deep as it likes: the
  // scorer must flag it, not overflow the stack (a recursive walk did at 50,000) or go quadratic.
  it("scores a 50,000-deep funding chain, funded deepest first, as one cluster", () => {
    const n = 50_000;
    const a = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
    const participants: string[] = [];
    const transfers: Transfer[] = [];
    for (let i = 0; i < n; i++) participants.push(a(i + 1));
    // Funded in reverse order of depth, so the first lookup walks the whole chain.
    for (let i = n - 1; i >= 1; i--) {
      transfers.push({
        from: a(i),
        to: a(i + 1),
        tx: `0x${i.toString(16).padStart(64, "0")}`,
        block: n - i,
        native: true,
      });
    }
    const input = {
      participants,
      faucet: new Set<string>(),
      ignore: new Set<string>(),
      transfers,
      actions: [],
      clients: [],
    };
    const t0 = performance.now();
    const chains = findClusters(input).filter((c) => c.kind === "funding_chain");
    const ms = performance.now() - t0;
    expect(chains).toHaveLength(1);
    expect(chains[0]?.key).toBe(a(1));
    expect(chains[0]?.members).toHaveLength(n);
    expect(ms).toBeLessThan(10_000);
  }, 15_000);

  it("clusters a funding ring and the wallets it funds once, whichever member is seen first", () => {
    const w = (c: string) => `0x${c.repeat(40)}`;
    const ring = [w("5"), w("3"), w("7")];
    const tail = w("9");
    const p = emptyPopulation();
    p.participants.push(tail, ...ring);
    const edges: [string, string][] = [
      [ring[2] as string, tail],
      [ring[0] as string, ring[1] as string],
      [ring[1] as string, ring[2] as string],
      [ring[2] as string, ring[0] as string],
    ];
    edges.forEach(([from, to], i) => {
      p.transfers.push({ from, to, tx: `0x${String(i + 1).padStart(64, "0")}`, block: i + 1, native: true });
    });
    const chains = findClusters(inputOf(p)).filter((c) => c.kind === "funding_chain");
    expect(chains).toHaveLength(1);
    expect(chains[0]?.key).toBe(w("3"));
    expect(chains[0]?.members).toEqual([...ring, tail].sort());
    expect(chains[0]?.evidence).toHaveLength(4);
  });

  it("ignores sends to our own contracts and faucet drips when looking for funders and collectors", () => {
    const p = emptyPopulation();
    addHonest(p, 100, 9);
    const clusters = findClusters(inputOf(p));
    expect(clusters.filter((c) => c.kind === "common_collector" || c.kind === "common_funder")).toEqual([]);
  });
});
