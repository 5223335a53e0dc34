/**
 * `npm run bench:sybil`: sybil scoring at campaign scale — 100,000 participants and 1,000,000
 * transfers (plus their on-chain actions and client addresses) — through the same scoring the job
 * runs (src/features/integrity/sybil/score.ts). The population is simulated: honest wallets acting
 * at random, farms of 50 wallets (one funder, one collector, the same actions within a few blocks),
 * and random transfers among participants and outside addresses up to the transfer count. Prints
 * the time to find clusters and sum scores, and how many farm and honest wallets were flagged;
 * writes bench/results/sybil.json. Then a farm that funds its wallets one after another: one funding
 * chain BENCH_CHAIN_DEPTH (50000) deep, funded deepest first (a recursive depth walk overflowed the
 * stack on it and the root walk was quadratic: 8,000 deep took 19 s). Env: BENCH_PARTICIPANTS
 * (100000), BENCH_TRANSFERS (1000000), BENCH_CHAIN_DEPTH (50000). Goal: ≤ 60 s and ≤ 5 s.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findClusters, scoresOf, type Transfer } from "../src/features/integrity/sybil/score";
import {
  addFarm,
  addHonest,
  addr,
  emptyPopulation,
  inputOf,
  rng,
} from "../src/features/integrity/sybil/simulate";

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 100_000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 1_000_000);
const FARMS = Math.max(1, Math.floor(PARTICIPANTS / 1000));
const CHAIN_DEPTH = Number(process.env.BENCH_CHAIN_DEPTH ?? 50_000);
const FLAG = 60;

console.log(`› simulating ${PARTICIPANTS} participants (${FARMS} farms of 50) and ${TRANSFERS} transfers`);
const t0 = performance.now();
const p = emptyPopulation();
const farms: string[] = [];
for (let f = 0; f < FARMS; f++) farms.push(...addFarm(p, 50, 1_000 + f * 97, f + 1));
const honest = addHonest(p, PARTICIPANTS - farms.length, 3, 2_000_000);
const r = rng(11);
let extra = 0;
for (let i = p.transfers.length; i < TRANSFERS; i++) {
  const from =
    r() < 0.5 ? (p.participants[Math.floor(r() * p.participants.length)] as string) : addr("e1", i);
  const to =
    r() < 0.5
      ? (p.participants[Math.floor(r() * p.participants.length)] as string)
      : addr("e2", Math.floor(r() * 1e7));
  p.transfers.push({
    from,
    to,
    tx: `0x${i.toString(16).padStart(64, "0")}`,
    block: Math.floor(r() * 2_000_000),
    native: r() < 0.5,
  });
  extra++;
}
const input = inputOf(p);
const generatedMs = performance.now() - t0;
console.log(`  generated in ${(generatedMs / 1000).toFixed(1)} s (${extra} random transfers added)`);

const t1 = performance.now();
const clusters = findClusters(input);
const scores = scoresOf(clusters);
const scoringMs = performance.now() - t1;

const flagged = (xs: string[]) => xs.filter((w) => (scores.get(w)?.score ?? 0) >= FLAG).length;
const chainParticipants: string[] = [];
const chainTransfers: Transfer[] = [];
for (let i = 0; i < CHAIN_DEPTH; i++) chainParticipants.push(addr("c0", i));
for (let i = CHAIN_DEPTH - 1; i >= 1; i--) {
  chainTransfers.push({
    from: addr("c0", i - 1),
    to: addr("c0", i),
    tx: `0x${i.toString(16).padStart(64, "0")}`,
    block: CHAIN_DEPTH - i,
    native: true,
  });
}
const t2 = performance.now();
const chainClusters = findClusters({
  participants: chainParticipants,
  faucet: new Set(),
  ignore: new Set(),
  transfers: chainTransfers,
  actions: [],
  clients: [],
}).filter((c) => c.kind === "funding_chain");
const chainMs = performance.now() - t2;

const results = {
  participants: p.participants.length,
  transfers: input.transfers.length,
  actions: input.actions.length,
  clientAddresses: input.clients.length,
  clusters: clusters.length,
  scoringSeconds: Number((scoringMs / 1000).toFixed(2)),
  farmWallets: farms.length,
  farmFlagged: flagged(farms),
  honestWallets: honest.length,
  honestFlagged: flagged(honest),
  honestFlaggedPercent: Number(((100 * flagged(honest)) / honest.length).toFixed(3)),
  goalSeconds: 60,
  chainDepth: CHAIN_DEPTH,
  chainSeconds: Number((chainMs / 1000).toFixed(2)),
  chainMembers: chainClusters[0]?.members.length ?? 0,
  chainGoalSeconds: 5,
  cpu: (await import("node:os")).cpus()[0]?.model ?? "unknown",
};
console.log(`  scored in ${results.scoringSeconds} s (goal ≤ 60 s): ${results.clusters} clusters`);
console.log(`  farm wallets flagged: ${results.farmFlagged}/${results.farmWallets}`);
console.log(
  `  honest wallets flagged: ${results.honestFlagged}/${results.honestWallets} (${results.honestFlaggedPercent} %)`,
);

console.log(
  `  a ${CHAIN_DEPTH}-deep funding chain scored in ${results.chainSeconds} s (goal ≤ 5 s): ${results.chainMembers} members flagged`,
);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
mkdirSync(path.join(root, "bench", "results"), { recursive: true });
writeFileSync(path.join(root, "bench", "results", "sybil.json"), `${JSON.stringify(results, null, 2)}\n`);
if (results.scoringSeconds > 60 || results.chainSeconds > 5 || results.chainMembers !== CHAIN_DEPTH) {
  process.exitCode = 1;
}
