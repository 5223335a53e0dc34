import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { testDb } from "../../../test/db";
import { rows } from "./server/rows";
import { runSybilScoring } from "./server/sybil-job";
import { addFarm, addHonest, emptyPopulation, FAUCET } from "./sybil/simulate";

// The sybil job on the database (PGlite and PostgreSQL): a simulated farm is flagged whole, an
// honest population barely at all; runs are incremental and keep an operator's decisions.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const CODE = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
let codeN = 0;
const code = () => {
  let n = ++codeN;
  let s = "";
  for (let i = 0; i < 8; i++) {
    s += CODE[n % 32];
    n = Math.floor(n / 32);
  }
  return s;
};

async function load(p: ReturnType<typeof emptyPopulation>) {
  for (let i = 0; i < p.participants.length; i += 500) {
    const chunk = p.participants.slice(i, i + 500);
    await handle.db.execute(
      sql`INSERT INTO users (address, referral_code) VALUES ${sql.join(
        chunk.map((a) => sql`(${a}, ${code()})`),
        sql`, `,
      )}`,
    );
  }
  const events = [
    ...p.transfers.map((t) => ({
      block: t.block,
      tx: t.tx,
      // Faucet drips are Disperse payouts as the indexer records them.
      kind: t.from === FAUCET ? "disperse_payout" : t.native ? "native_transfer" : "transfer",
      from: t.from,
      to: t.to,
      txFrom: t.from,
    })),
    ...p.actions.map((a) => ({
      block: a.block,
      tx: a.tx,
      kind: a.kind,
      from: null,
      to: null,
      txFrom: a.address,
    })),
  ];
  for (let i = 0; i < events.length; i += 500) {
    await handle.db.execute(sql`INSERT INTO chain_events
      (block_number, block_hash, block_time, tx_hash, tx_index, log_index, kind, from_address, to_address, tx_from, args)
      VALUES ${sql.join(
        events
          .slice(i, i + 500)
          .map(
            (e, j) =>
              sql`(${e.block}, ${`0x${"b".repeat(64)}`}, now(), ${e.tx}, 0, ${i + j}, ${e.kind}, ${e.from}, ${e.to}, ${e.txFrom}, '{}'::jsonb)`,
          ),
        sql`, `,
      )}`);
  }
  for (const c of p.clients) {
    const [u] = rows<{ id: string }>(
      await handle.db.execute(sql`SELECT id FROM users WHERE address = ${c.address}`),
    );
    await handle.db.execute(sql`INSERT INTO sign_in_events (user_id, address, ip, subnet)
      VALUES (${u!.id}, ${c.address}, ${c.ip}, ${c.subnet})`);
  }
}

const scoreOf = async (addresses: string[]) =>
  new Map(
    rows<{ address: string; score: number }>(
      await handle.db.execute(
        sql`SELECT address, score FROM sybil_scores WHERE address IN (${sql.join(
          addresses.map((a) => sql`${a}`),
          sql`, `,
        )})`,
      ),
    ).map((r) => [r.address, Number(r.score)]),
  );

describe("sybil job", () => {
  it("flags the farm whole, at most 1 % of 500 honest wallets, lists the cluster with evidence, and is incremental", async () => {
    const p = emptyPopulation();
    const honest = addHonest(p, 500, 42);
    const farm = addFarm(p, 50, 500_000);
    // The job treats the faucet sender from the configuration as the faucet; the simulation's
    // payouts are Disperse payouts, which count as the faucet whatever their sender.
    await load(p);

    const first = await runSybilScoring(handle.db);
    expect(first.skipped).toBe(false);
    const farmScores = await scoreOf(farm);
    expect(farm.filter((w) => (farmScores.get(w) ?? 0) >= 60)).toHaveLength(50);
    const honestScores = await scoreOf(honest);
    expect(honest.filter((w) => (honestScores.get(w) ?? 0) >= 60).length).toBeLessThanOrEqual(5);

    const [cluster] = rows<{ id: number; size: number; evidence: string[] }>(
      await handle.db.execute(
        sql`SELECT id, size, evidence FROM sybil_clusters WHERE kind = 'common_funder'`,
      ),
    );
    expect(Number(cluster?.size)).toBe(50);
    expect(cluster?.evidence.length).toBeGreaterThan(0);

    // Nothing new: the next run does nothing.
    expect((await runSybilScoring(handle.db)).skipped).toBe(true);

    // Dismissed by an operator: it stays dismissed and stops counting on the next run.
    await handle.db.execute(sql`UPDATE sybil_clusters SET status = 'dismissed' WHERE id = ${cluster!.id}`);
    await handle.db.execute(sql`INSERT INTO sign_in_events (user_id, address)
      SELECT id, address FROM users WHERE address = ${farm[0]!}`);
    expect((await runSybilScoring(handle.db)).skipped).toBe(false);
    const [after] = rows<{ status: string; id: number }>(
      await handle.db.execute(sql`SELECT id, status FROM sybil_clusters WHERE kind = 'common_funder'`),
    );
    expect(after).toMatchObject({ status: "dismissed" });
    expect(Number(after?.id)).toBe(Number(cluster!.id));
    const lowered = await scoreOf(farm);
    expect((lowered.get(farm[0]!) ?? 0) < (farmScores.get(farm[0]!) ?? 0)).toBe(true);
  });
});
