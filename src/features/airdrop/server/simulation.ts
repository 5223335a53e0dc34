import type { Db } from "@/db/client";
import { type Simulation, simulateColumns } from "../stats";
import { excludedAddresses, snapshotColumns } from "./participants";
import { getRound, roundTiers, ruleOf } from "./rounds";

/**
 * The simulator on live data: the round's rule and its variations over the points ledger at the
 * round's snapshot (up to now when the snapshot is still ahead), with the round's tiers. One grouped
 * ledger read into columns, one weight sort per set of multipliers; bench/airdrop.ts measures it at
 * 100,000 participants (budget 2 s).
 */
export async function roundSimulation(
  db: Db,
  id: string,
): Promise<Simulation & { snapshotAt: string; participants: number }> {
  const r = await getRound(db, id);
  const at = r.snapshotAt > new Date() ? new Date() : r.snapshotAt;
  const tiers = await roundTiers(db, r);
  const [snapshot, excluded] = await Promise.all([snapshotColumns(db, at, tiers), excludedAddresses(db)]);
  const mask = new Uint8Array(snapshot.addresses.length);
  snapshot.addresses.forEach((a, i) => {
    if (excluded.has(a)) mask[i] = 1;
  });
  return {
    snapshotAt: at.toISOString(),
    participants: snapshot.addresses.length,
    ...simulateColumns(
      { ...snapshot, excluded: mask },
      ruleOf(r),
      BigInt(r.totalAmount),
      tiers.map((t) => t.name),
    ),
  };
}
