import { sql } from "drizzle-orm";
import { faucetAccount } from "@/chain/accounts";
import { tryLoadDeployment } from "@/chain/deployment";
import type { Db } from "@/db/client";
import { config } from "@/server/config";
import {
  type Action,
  type ClientSeen,
  type ClusterOut,
  findClusters,
  scoresOf,
  type Transfer,
} from "../sybil/score";
import { rows } from "./rows";

/**
 * The sybil job's database side (docs/ARCHITECTURE.md "Workers"): it runs when the indexer, the
 * faucet or sign-ins recorded something new since its last run (cursors in `sybil_state`), reads
 * what scoring needs, scores in memory (sybil/score.ts) and writes only what changed: clusters by
 * (kind, key) keeping an operator's decision, and scores. Same SQL on PGlite and PostgreSQL.
 */

const NATIVE_KINDS = ["native_transfer", "disperse_payout"];
const TRANSFER_KINDS = [...NATIVE_KINDS, "transfer"];
const ACTION_KINDS = ["swap", "stake", "unstake", "mint", "burn", "claim", "reward", "wrap", "unwrap"];
const inList = (xs: string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

type Cursors = { events: number; claims: number; signins: number };

async function currentCursors(db: Pick<Db, "execute">): Promise<Cursors> {
  const [r] = rows<{
    events: string | number | null;
    claims: string | number | null;
    signins: string | number | null;
  }>(
    await db.execute(sql`SELECT
      (SELECT max(id) FROM chain_events) AS events,
      (SELECT max(seq) FROM faucet_claims) AS claims,
      (SELECT max(id) FROM sign_in_events) AS signins`),
  );
  return { events: Number(r?.events ?? 0), claims: Number(r?.claims ?? 0), signins: Number(r?.signins ?? 0) };
}

async function savedCursors(db: Pick<Db, "execute">): Promise<Cursors> {
  const saved = new Map(
    rows<{ key: string; value: string | number }>(
      await db.execute(sql`SELECT key, value FROM sybil_state`),
    ).map((r) => [r.key, Number(r.value)]),
  );
  return {
    events: saved.get("events") ?? -1,
    claims: saved.get("claims") ?? -1,
    signins: saved.get("signins") ?? -1,
  };
}

/** The faucet's sender and payout contract, and our own contracts (sends to them are use, not collection). */
function knownAddresses(): { faucet: Set<string>; ignore: Set<string> } {
  const c = config();
  const faucet = new Set([faucetAccount().address.toLowerCase()]);
  const ignore = new Set<string>();
  const d = tryLoadDeployment(c.TESTNET_CHAIN_ID, c.DEPLOYMENTS_DIR);
  if (d) {
    faucet.add(d.contracts.disperse.address.toLowerCase());
    for (const x of Object.values(d.contracts)) ignore.add(x.address.toLowerCase());
    for (const p of Object.values(d.pairs)) ignore.add(p.toLowerCase());
  }
  return { faucet, ignore };
}

/**
 * Who was seen from which client address and subnet, once per (address, ip, subnet): the shared
 * address signal counts participants per address, so a wallet signing in 500 times from one place
 * is one sighting. Every sign-in and claim ever (docs/api.md "Campaign integrity": the signal has
 * no time window, and a window would shrink clusters an operator is reviewing as days pass), but
 * what the job holds in memory grows with distinct places, not with every sign-in. UNION (not
 * UNION ALL) also folds a claim from where the wallet signed in.
 */
export async function clientSightings(db: Pick<Db, "execute">): Promise<ClientSeen[]> {
  return rows<ClientSeen>(
    await db.execute(sql`SELECT DISTINCT address, ip, subnet FROM sign_in_events WHERE ip IS NOT NULL
      UNION SELECT DISTINCT address, ip, subnet FROM faucet_claims WHERE ip IS NOT NULL`),
  );
}

export type SybilRun = { skipped: boolean; participants: number; clusters: number; flagged: number };

export async function runSybilScoring(db: Db, opts: { force?: boolean } = {}): Promise<SybilRun> {
  const now = await currentCursors(db);
  const before = await savedCursors(db);
  if (
    !opts.force &&
    now.events === before.events &&
    now.claims === before.claims &&
    now.signins === before.signins
  ) {
    return { skipped: true, participants: 0, clusters: 0, flagged: 0 };
  }
  const { faucet, ignore } = knownAddresses();
  const [participants, transfers, actions, clients, dismissed] = await Promise.all([
    db.execute(sql`SELECT address FROM users`),
    db.execute(sql`SELECT from_address, to_address, tx_hash, block_number, kind FROM chain_events
      WHERE status = 'success' AND from_address IS NOT NULL AND to_address IS NOT NULL
        AND kind IN (${inList(TRANSFER_KINDS)}) AND id <= ${now.events}
      ORDER BY block_number, id`),
    db.execute(sql`SELECT tx_from, kind, block_number, tx_hash FROM chain_events
      WHERE status = 'success' AND kind IN (${inList(ACTION_KINDS)}) AND id <= ${now.events}
      ORDER BY block_number, id`),
    clientSightings(db),
    db.execute(sql`SELECT kind, key FROM sybil_clusters WHERE status = 'dismissed'`),
  ]);
  const clusters = findClusters({
    participants: rows<{ address: string }>(participants).map((r) => r.address),
    faucet,
    ignore,
    transfers: rows<{
      from_address: string;
      to_address: string;
      tx_hash: string;
      block_number: string | number;
      kind: string;
    }>(transfers).map(
      (r): Transfer => ({
        // A Disperse payout is the faucet paying, whatever the row's sender column says.
        from: r.kind === "disperse_payout" ? [...faucet][0]! : r.from_address,
        to: r.to_address,
        tx: r.tx_hash,
        block: Number(r.block_number),
        native: NATIVE_KINDS.includes(r.kind),
      }),
    ),
    actions: rows<{ tx_from: string; kind: string; block_number: string | number; tx_hash: string }>(
      actions,
    ).map(
      (r): Action => ({ address: r.tx_from, kind: r.kind, block: Number(r.block_number), tx: r.tx_hash }),
    ),
    clients,
  });
  const skip = new Set(rows<{ kind: string; key: string }>(dismissed).map((r) => `${r.kind}:${r.key}`));
  const scores = scoresOf(clusters, (c) => skip.has(`${c.kind}:${c.key}`));
  await writeResults(db, clusters, scores);
  await db.execute(sql`INSERT INTO sybil_state (key, value) VALUES
      ('events', ${now.events}), ('claims', ${now.claims}), ('signins', ${now.signins})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
  const flagged = [...scores.values()].filter((s) => s.score >= config().SYBIL_FLAG_SCORE).length;
  return { skipped: false, participants: scores.size, clusters: clusters.length, flagged };
}

async function writeResults(
  db: Db,
  clusters: ClusterOut[],
  scores: Map<string, { score: number; reasons: string[] }>,
) {
  await db.transaction(async (tx) => {
    const found: number[] = [];
    for (const c of clusters) {
      const [row] = rows<{ id: number | string; status: string }>(
        await tx.execute(sql`INSERT INTO sybil_clusters (kind, key, score, size, evidence)
          VALUES (${c.kind}, ${c.key}, ${c.score}, ${c.members.length}, ${JSON.stringify(c.evidence)}::jsonb)
          ON CONFLICT (kind, key) DO UPDATE SET score = EXCLUDED.score, size = EXCLUDED.size,
            evidence = EXCLUDED.evidence, updated_at = now()
          RETURNING id, status`),
      );
      if (!row) continue;
      found.push(Number(row.id));
      // A decided cluster keeps the members the operator decided on.
      if (row.status !== "open") continue;
      await tx.execute(sql`DELETE FROM sybil_cluster_members WHERE cluster_id = ${row.id}`);
      for (let i = 0; i < c.members.length; i += 1000) {
        const values = sql.join(
          c.members.slice(i, i + 1000).map((m) => sql`(${row.id}, ${m})`),
          sql`, `,
        );
        await tx.execute(sql`INSERT INTO sybil_cluster_members (cluster_id, address) VALUES ${values}`);
      }
    }
    // Open clusters no longer found go (ids of the ones still found stay stable for the console).
    await tx.execute(sql`DELETE FROM sybil_clusters WHERE status = 'open'
      ${
        found.length
          ? sql`AND id NOT IN (${sql.join(
              found.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }`);
    await tx.execute(sql`DELETE FROM sybil_scores`);
    const list = [...scores.entries()];
    for (let i = 0; i < list.length; i += 1000) {
      const values = sql.join(
        list.slice(i, i + 1000).map(([a, s]) => sql`(${a}, ${s.score}, ${JSON.stringify(s.reasons)}::jsonb)`),
        sql`, `,
      );
      await tx.execute(sql`INSERT INTO sybil_scores (address, score, reasons) VALUES ${values}`);
    }
  });
}
