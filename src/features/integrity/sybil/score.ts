/**
 * Sybil scoring (pure, in memory; issue 12). Input: participants, transfers, on-chain actions and
 * client addresses; output: a 0–100 score per participant with its reasons, and clusters with their
 * members and evidence (tx hashes). Linear in the input: maps keyed by address, no pairwise loops,
 * so 100,000 participants and 1,000,000 transfers score in seconds (bench/sybil.ts).
 *
 * Signals and weights (a participant's score is their sum, capped at 100; flagged at SYBIL_FLAG_SCORE):
 * - common funder (40): the first native funding that did not come from the faucet came from an
 *   address that funded at least MIN_GROUP participants;
 * - common collector (40): after receiving a faucet drip, sent coins or tokens to an address that
 *   collects from at least MIN_GROUP participants;
 * - funding chain (20): A funds B funds C … among participants, MIN_CHAIN deep or more;
 * - synchronised actions (25): the same sequence of on-chain actions, started within SYNC_BLOCKS
 *   blocks of each other by at least MIN_SYNC participants;
 * - shared client address (20) or network (10) at sign-in and claim, among MIN_IP / MIN_SUBNET.
 */

import { fundingChains } from "./chains";

export type Transfer = { from: string; to: string; tx: string; block: number; native: boolean };
export type Action = { address: string; kind: string; block: number; tx: string };
export type ClientSeen = { address: string; ip: string | null; subnet: string | null };

export type SybilInput = {
  participants: Iterable<string>;
  /** The faucet's sender and payout contract: drips come from these. */
  faucet: ReadonlySet<string>;
  /** Our own contracts (DEX, staking, tokens…): sending to them is use, not collection. */
  ignore: ReadonlySet<string>;
  /** In chain order (block, then index). */
  transfers: readonly Transfer[];
  /** In chain order. */
  actions: readonly Action[];
  clients: readonly ClientSeen[];
};

export type ClusterOut = {
  kind: string;
  key: string;
  members: string[];
  evidence: string[];
  score: number;
  /** Why its members score: one line for the operator. */
  reason: string;
};
export type ScoreOut = { score: number; reasons: string[] };

export const WEIGHTS = {
  common_funder: 40,
  common_collector: 40,
  funding_chain: 20,
  synchronised: 25,
  shared_ip: 20,
  shared_subnet: 10,
} as const;
export const MIN_GROUP = 5;
export const MIN_CHAIN = 3;
export const MIN_SYNC = 5;
export const SYNC_BLOCKS = 5;
export const SYNC_ACTIONS = 3;
export const MIN_IP = 4;
export const MIN_SUBNET = 12;
const EVIDENCE_MAX = 20;

/**
 * Each participant's score: the sum of the weights of the clusters they are in (capped at 100) with
 * one reason per cluster. `skip(cluster)`: clusters an operator dismissed count for nothing.
 */
export function scoresOf(
  clusters: readonly ClusterOut[],
  skip: (c: ClusterOut) => boolean = () => false,
): Map<string, ScoreOut> {
  const scores = new Map<string, ScoreOut>();
  for (const c of clusters) {
    if (skip(c)) continue;
    for (const m of c.members) {
      const s = scores.get(m) ?? { score: 0, reasons: [] };
      s.score = Math.min(100, s.score + c.score);
      s.reasons.push(c.reason);
      scores.set(m, s);
    }
  }
  return scores;
}

export function scoreSybils(input: SybilInput): { scores: Map<string, ScoreOut>; clusters: ClusterOut[] } {
  const clusters = findClusters(input);
  return { scores: scoresOf(clusters), clusters };
}

export function findClusters(input: SybilInput): ClusterOut[] {
  const who = new Set<string>(input.participants);
  const clusters: ClusterOut[] = [];
  const add = (c: Omit<ClusterOut, "reason">, reason: string) => {
    clusters.push({ ...c, reason });
  };

  // First non-faucet native funding of each participant, and whether it ever got a faucet drip.
  const firstFunding = new Map<string, Transfer>();
  const dripped = new Set<string>();
  const collected = new Map<string, Map<string, string>>(); // collector → member → tx
  for (const t of input.transfers) {
    if (who.has(t.to)) {
      if (input.faucet.has(t.from)) dripped.add(t.to);
      else if (t.native && !firstFunding.has(t.to) && t.from !== t.to) firstFunding.set(t.to, t);
    }
    if (
      who.has(t.from) &&
      dripped.has(t.from) &&
      !input.ignore.has(t.to) &&
      !input.faucet.has(t.to) &&
      t.to !== t.from
    ) {
      let m = collected.get(t.to);
      if (!m) {
        m = new Map();
        collected.set(t.to, m);
      }
      if (!m.has(t.from)) m.set(t.from, t.tx);
    }
  }

  const byFunder = new Map<string, Transfer[]>();
  for (const t of firstFunding.values()) {
    const list = byFunder.get(t.from);
    if (list) list.push(t);
    else byFunder.set(t.from, [t]);
  }
  for (const [funder, list] of byFunder) {
    if (list.length < MIN_GROUP) continue;
    add(
      {
        kind: "common_funder",
        key: funder,
        members: list.map((t) => t.to).sort(),
        evidence: list.slice(0, EVIDENCE_MAX).map((t) => t.tx),
        score: WEIGHTS.common_funder,
      },
      `first funded by ${funder} with ${list.length - 1} others`,
    );
  }

  for (const [collector, members] of collected) {
    if (members.size < MIN_GROUP) continue;
    add(
      {
        kind: "common_collector",
        key: collector,
        members: [...members.keys()].sort(),
        evidence: [...members.values()].slice(0, EVIDENCE_MAX),
        score: WEIGHTS.common_collector,
      },
      `forwarded faucet coins to ${collector} like ${members.size - 1} others`,
    );
  }

  // Funding chains among participants, along first-funding edges.
  const chains = fundingChains(who, firstFunding);
  const chainRoots = new Map<string, string[]>();
  for (const a of firstFunding.keys()) {
    if ((chains.depth.get(a) ?? 1) < MIN_CHAIN) continue;
    const root = chains.root.get(a) ?? a;
    const list = chainRoots.get(root);
    if (list) list.push(a);
    else chainRoots.set(root, [a]);
  }
  for (const [root, tails] of chainRoots) {
    const members = new Set<string>([root]);
    const evidence: string[] = [];
    const take = (x: string) => {
      members.add(x);
      const tx = firstFunding.get(x)?.tx;
      if (tx && evidence.length < EVIDENCE_MAX) evidence.push(tx);
    };
    // Stopping at the first known member keeps this linear: every member is walked over once.
    for (const tail of tails) {
      for (let x: string | undefined = tail; x && !members.has(x); x = firstFunding.get(x)?.from) take(x);
    }
    // A ring (A funds B funds … funds A) has no natural start: all of it is the chain.
    for (const x of chains.cycles.get(root) ?? []) {
      if (x === root) {
        const tx = firstFunding.get(x)?.tx;
        if (tx && evidence.length < EVIDENCE_MAX && !evidence.includes(tx)) evidence.push(tx);
      } else if (!members.has(x)) take(x);
    }
    add(
      {
        kind: "funding_chain",
        key: root,
        members: [...members].sort(),
        evidence,
        score: WEIGHTS.funding_chain,
      },
      `in a funding chain starting at ${root}`,
    );
  }

  // Synchronised behaviour: the first SYNC_ACTIONS action kinds, grouped, started within SYNC_BLOCKS.
  const seq = new Map<string, { kinds: string[]; first: number; tx: string }>();
  for (const a of input.actions) {
    if (!who.has(a.address)) continue;
    let s = seq.get(a.address);
    if (!s) {
      s = { kinds: [], first: a.block, tx: a.tx };
      seq.set(a.address, s);
    }
    if (s.kinds.length < SYNC_ACTIONS) s.kinds.push(a.kind);
  }
  const bySignature = new Map<string, { address: string; first: number; tx: string }[]>();
  for (const [address, s] of seq) {
    if (s.kinds.length < SYNC_ACTIONS) continue;
    const sig = s.kinds.join(">");
    const list = bySignature.get(sig);
    const entry = { address, first: s.first, tx: s.tx };
    if (list) list.push(entry);
    else bySignature.set(sig, [entry]);
  }
  for (const [sig, list] of bySignature) {
    list.sort((x, y) => x.first - y.first);
    let start = 0;
    for (let i = 1; i <= list.length; i++) {
      if (i < list.length && (list[i]?.first ?? 0) - (list[i - 1]?.first ?? 0) <= SYNC_BLOCKS) continue;
      const group = list.slice(start, i);
      start = i;
      if (group.length < MIN_SYNC) continue;
      add(
        {
          kind: "synchronised",
          key: `${sig}@${group[0]?.first}`,
          members: group.map((g) => g.address).sort(),
          evidence: group.slice(0, EVIDENCE_MAX).map((g) => g.tx),
          score: WEIGHTS.synchronised,
        },
        `same actions (${sig.replaceAll(">", ", ")}) within a few blocks as ${group.length - 1} others`,
      );
    }
  }

  // Shared client address / network at sign-in and claim.
  for (const [field, min, kind] of [
    ["ip", MIN_IP, "shared_ip"],
    ["subnet", MIN_SUBNET, "shared_subnet"],
  ] as const) {
    const groups = new Map<string, Set<string>>();
    for (const c of input.clients) {
      const v = c[field];
      if (!v || !who.has(c.address)) continue;
      let g = groups.get(v);
      if (!g) {
        g = new Set();
        groups.set(v, g);
      }
      g.add(c.address);
    }
    for (const [value, members] of groups) {
      if (members.size < min) continue;
      add(
        { kind, key: value, members: [...members].sort(), evidence: [], score: WEIGHTS[kind] },
        `${field === "ip" ? "client address" : "network"} ${value} shared with ${members.size - 1} others`,
      );
    }
  }
  return clusters;
}
