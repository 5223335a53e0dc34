import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rankingChanged } from "@/features/points/server";
import { recordAudit } from "@/server/audit";
import { conflict, notFound } from "@/server/errors";
import type { ExclusionCategory } from "../categories";
import type { SybilCluster, SybilScore } from "../schema";
import { rows } from "./rows";

// The operator's review of the sybil job's output (docs/api.md "Integrity"): scores and clusters,
// paged and filtered, and the confirm / dismiss decision on a cluster.

type Page = { cursor?: number; limit: number };

export async function listScores(
  db: Db,
  opts: Page & { minScore?: number; address?: string },
): Promise<{ scores: SybilScore[]; nextCursor: number | null }> {
  const offset = opts.cursor ?? 0;
  const list = rows<{
    address: string;
    score: number;
    reasons: string[];
    updated_at: string | Date;
    excluded: boolean;
  }>(
    await db.execute(sql`
      SELECT s.address, s.score, s.reasons, s.updated_at,
        EXISTS (SELECT 1 FROM participant_exclusions e WHERE e.address = s.address) AS excluded
      FROM sybil_scores s
      WHERE s.score >= ${opts.minScore ?? 1}
        ${opts.address ? sql`AND s.address LIKE ${`${opts.address}%`}` : sql``}
      ORDER BY s.score DESC, s.address LIMIT ${opts.limit + 1} OFFSET ${offset}`),
  );
  return {
    scores: list.slice(0, opts.limit).map((r) => ({
      address: r.address,
      score: Number(r.score),
      reasons: r.reasons,
      excluded: Boolean(r.excluded),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
    nextCursor: list.length > opts.limit ? offset + opts.limit : null,
  };
}

type ClusterRow = {
  id: number | string;
  kind: string;
  key: string;
  status: SybilCluster["status"];
  score: number;
  size: number;
  evidence: string[];
  decided_by: string | null;
  updated_at: string | Date;
  members: string[] | null;
  members_hash: string;
};

const MEMBERS_SHOWN = 200;

const clusterView = (r: ClusterRow): SybilCluster => ({
  id: Number(r.id),
  kind: r.kind,
  key: r.key,
  status: r.status,
  score: Number(r.score),
  size: Number(r.size),
  members: r.members ?? [],
  evidence: r.evidence,
  decidedBy: r.decided_by,
  updatedAt: new Date(r.updated_at).toISOString(),
  membersHash: r.members_hash,
});

// members_hash: MD5 of every member (not only the ones shown), sorted. The console sends it back with
// its decision, so a confirmation excludes the members the operator reviewed: the job rewrites an
// open cluster's members every minute (sybil-job.ts), and updated_at moves at every run even when
// they stay the same, so it would refuse decisions for nothing.
const CLUSTER_COLUMNS = sql`c.id, c.kind, c.key, c.status, c.score, c.size, c.evidence, c.decided_by, c.updated_at,
  ARRAY(SELECT m.address FROM sybil_cluster_members m WHERE m.cluster_id = c.id ORDER BY m.address LIMIT ${MEMBERS_SHOWN}) AS members,
  md5(coalesce((SELECT string_agg(m.address, ',' ORDER BY m.address) FROM sybil_cluster_members m
    WHERE m.cluster_id = c.id), '')) AS members_hash`;

export async function listClusters(
  db: Db,
  opts: Page & { status?: SybilCluster["status"]; address?: string },
): Promise<{ clusters: SybilCluster[]; nextCursor: number | null }> {
  const offset = opts.cursor ?? 0;
  const list = rows<ClusterRow>(
    await db.execute(sql`SELECT ${CLUSTER_COLUMNS} FROM sybil_clusters c
      WHERE true ${opts.status ? sql`AND c.status = ${opts.status}` : sql``}
        ${opts.address ? sql`AND EXISTS (SELECT 1 FROM sybil_cluster_members m WHERE m.cluster_id = c.id AND m.address LIKE ${`${opts.address}%`})` : sql``}
      ORDER BY c.score DESC, c.size DESC, c.id LIMIT ${opts.limit + 1} OFFSET ${offset}`),
  );
  return {
    clusters: list.slice(0, opts.limit).map(clusterView),
    nextCursor: list.length > opts.limit ? offset + opts.limit : null,
  };
}

const CLUSTER_CHANGED = "This cluster changed since you opened it; review it again.";

/**
 * Confirms a cluster (every member is excluded, source `cluster`) or dismisses it (the job keeps
 * it dismissed on later runs). One transaction with its audit entry; deciding twice is a 409.
 * `membersHash` is the one the operator was shown (required to confirm): when the members are no
 * longer those, nothing is decided (409 CLUSTER_CHANGED), so nobody the operator never saw is excluded.
 */
export async function decideCluster(
  db: Db,
  actor: string,
  id: number,
  input: {
    decision: "confirm" | "dismiss";
    reason: string;
    reasonCategory: ExclusionCategory;
    membersHash?: string | undefined;
  },
): Promise<{ cluster: SybilCluster; excluded: number }> {
  return db.transaction(async (tx) => {
    // Lock first, read the members after: a statement that waited for the job's lock would still
    // read the members of its own, older snapshot. Holding the lock, the members cannot change
    // (the job upserts the cluster row before it rewrites them) until the exclusions are written.
    const [locked] = rows<{ id: number | string }>(
      await tx.execute(sql`SELECT id FROM sybil_clusters WHERE id = ${id} FOR UPDATE`),
    );
    if (!locked) throw notFound("Cluster not found.", "CLUSTER_NOT_FOUND");
    const [before] = rows<ClusterRow>(
      await tx.execute(sql`SELECT ${CLUSTER_COLUMNS} FROM sybil_clusters c WHERE c.id = ${id}`),
    );
    if (!before) throw notFound("Cluster not found.", "CLUSTER_NOT_FOUND");
    if (before.status !== "open") throw conflict(`This cluster was already ${before.status}.`);
    if (input.membersHash !== undefined && input.membersHash !== before.members_hash) {
      throw conflict(CLUSTER_CHANGED);
    }
    const status = input.decision === "confirm" ? "confirmed" : "dismissed";
    await tx.execute(sql`UPDATE sybil_clusters SET status = ${status}, decided_by = ${actor.toLowerCase()},
      decided_at = now(), updated_at = now() WHERE id = ${id}`);
    let excluded = 0;
    if (status === "confirmed") {
      excluded = rows(
        await tx.execute(sql`
          INSERT INTO participant_exclusions (address, reason_category, reason, source, created_by)
          SELECT m.address, ${input.reasonCategory}, ${input.reason}, 'cluster', ${actor.toLowerCase()}
          FROM sybil_cluster_members m WHERE m.cluster_id = ${id}
          ON CONFLICT (address) DO NOTHING RETURNING address`),
      ).length;
      // Who is ranked changed: cached points reads are read again (features/points/server/ranking-cache.ts).
      rankingChanged();
    }
    const [after] = rows<ClusterRow>(
      await tx.execute(sql`SELECT ${CLUSTER_COLUMNS} FROM sybil_clusters c WHERE c.id = ${id}`),
    );
    await recordAudit(tx as unknown as Db, {
      actor,
      action: `integrity.cluster.${input.decision}`,
      target: `cluster:${id}`,
      before: { status: before.status, size: before.size, membersHash: before.members_hash },
      after: { status, excluded, reason: input.reason },
    });
    return { cluster: clusterView(after as ClusterRow), excluded };
  });
}
