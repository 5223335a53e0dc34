import type { Action, ClientSeen, SybilInput, Transfer } from "./score";

/**
 * Simulated populations for the sybil tests and bench (never imported by app code). Deterministic:
 * a small linear congruential generator instead of Math.random, so a failure reproduces.
 */
export function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    return x / 2 ** 32;
  };
}

export const addr = (prefix: string, n: number) =>
  `0x${prefix}${n.toString(16).padStart(40 - prefix.length, "0")}`;
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

export const FAUCET = addr("fa", 1);
export const DEX = addr("de", 1);
export const STAKING = addr("5a", 1);

export type Population = {
  participants: string[];
  transfers: Transfer[];
  actions: Action[];
  clients: ClientSeen[];
};

export const emptyPopulation = (): Population => ({
  participants: [],
  transfers: [],
  actions: [],
  clients: [],
});

let txCounter = 1;

/** A farm: `n` wallets funded by one address; each claims, swaps, stakes and forwards to one collector, within a few blocks. */
export function addFarm(p: Population, n: number, startBlock: number, id = 1): string[] {
  const funder = addr("f0", id);
  const collector = addr("c0", id);
  const wallets = Array.from({ length: n }, (_, i) => addr("b0", id * 100_000 + i));
  wallets.forEach((w, i) => {
    const b = startBlock + Math.floor(i / 20);
    p.participants.push(w);
    p.transfers.push({ from: funder, to: w, tx: tx(txCounter++), block: b, native: true });
    p.transfers.push({ from: FAUCET, to: w, tx: tx(txCounter++), block: b + 1, native: true });
    p.actions.push({ address: w, kind: "swap", block: b + 2, tx: tx(txCounter++) });
    p.actions.push({ address: w, kind: "stake", block: b + 2, tx: tx(txCounter++) });
    p.actions.push({ address: w, kind: "mint", block: b + 3, tx: tx(txCounter++) });
    p.transfers.push({ from: w, to: collector, tx: tx(txCounter++), block: b + 4, native: true });
    p.clients.push({ address: w, ip: `10.9.${id}.${i % 250}`, subnet: `10.9.${id}.0/24` });
  });
  return wallets;
}

/** Independent honest wallets: faucet-funded or funded by their own address, acting at random times. */
export function addHonest(p: Population, n: number, seed: number, blocks = 200_000): string[] {
  const r = rng(seed);
  const kinds = ["swap", "stake", "mint", "claim", "unstake"];
  const wallets = Array.from({ length: n }, (_, i) => addr("a0", seed * 1_000_000 + i));
  wallets.forEach((w, i) => {
    p.participants.push(w);
    const start = Math.floor(r() * blocks);
    if (r() < 0.5)
      p.transfers.push({
        from: addr("e0", seed * 1_000_000 + i),
        to: w,
        tx: tx(txCounter++),
        block: start,
        native: true,
      });
    p.transfers.push({ from: FAUCET, to: w, tx: tx(txCounter++), block: start + 1, native: true });
    const actions = 1 + Math.floor(r() * 4);
    let b = start + 2;
    for (let k = 0; k < actions; k++) {
      b += 1 + Math.floor(r() * 5_000);
      p.actions.push({
        address: w,
        kind: kinds[Math.floor(r() * kinds.length)] as string,
        block: b,
        tx: tx(txCounter++),
      });
    }
    if (r() < 0.4)
      p.transfers.push({
        from: w,
        to: addr("d0", Math.floor(r() * 1e9)),
        tx: tx(txCounter++),
        block: b + 1,
        native: r() < 0.5,
      });
    if (r() < 0.5) p.transfers.push({ from: w, to: DEX, tx: tx(txCounter++), block: b + 2, native: false });
    p.clients.push({
      address: w,
      ip: `100.${Math.floor(r() * 250)}.${Math.floor(r() * 250)}.${Math.floor(r() * 250)}`,
      subnet: null,
    });
  });
  for (const c of p.clients)
    if (c.ip && !c.subnet) c.subnet = `${c.ip.split(".").slice(0, 3).join(".")}.0/24`;
  return wallets;
}

export function inputOf(p: Population): SybilInput {
  const byBlock = <T extends { block: number }>(xs: T[]) => [...xs].sort((a, b) => a.block - b.block);
  return {
    participants: p.participants,
    faucet: new Set([FAUCET]),
    ignore: new Set([DEX, STAKING]),
    transfers: byBlock(p.transfers),
    actions: byBlock(p.actions),
    clients: p.clients,
  };
}
