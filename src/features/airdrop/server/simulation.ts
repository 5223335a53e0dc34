import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { type Simulation, simulateColumns } from "../stats";
import { excludedAddresses, snapshotColumns } from "./participants";
import { getRound, ruleOf } from "./rounds";

/**
 * The simulator on live data: the round's rule and its variations over the points ledger at the
 * round's snapshot (up to now when the snapshot is still ahead). One grouped ledger read into
 * columns, one weight sort per set of multipliers; bench/airdrop.ts measures it at 100,000
 * participants (budget 2 s).
 */
export async function roundSimulation(
  db: Db,
  id: string,
): Promise<Simulation & { snapshotAt: string; participants: number }> {
  const r = await getRound(db, id);
  const at = r.snapshotAt > new Date() ? new Date() : r.snapshotAt;
  const [snapshot, excluded] = await Promise.all([snapshotColumns(db, at), excludedAddresses(db)]);
  const mask = new Uint8Array(snapshot.addresses.length);
  snapshot.addresses.forEach((a, i) => {
    if (excluded.has(a)) mask[i] = 1;
  });
  const tiers = config().POINTS_TIERS.map((t) => t.name);
  return {
    snapshotAt: at.toISOString(),
    participants: snapshot.addresses.length,
    ...simulateColumns({ ...snapshot, excluded: mask }, ruleOf(r), BigInt(r.totalAmount), tiers),
  };
}
