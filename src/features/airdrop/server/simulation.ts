import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { type Simulation, simulate } from "../stats";
import { excludedAddresses, pointsAtSnapshot } from "./participants";
import { getRound, ruleOf } from "./rounds";

/**
 * The simulator on live data: the round's rule and its variations over the points ledger at the
 * round's snapshot (up to now when the snapshot is still ahead). One grouped ledger read plus
 * in-memory allocations; bench/airdrop.ts measures it at 100,000 participants.
 */
export async function roundSimulation(
  db: Db,
  id: string,
): Promise<Simulation & { snapshotAt: string; participants: number }> {
  const r = await getRound(db, id);
  const at = r.snapshotAt > new Date() ? new Date() : r.snapshotAt;
  const [participants, excluded] = await Promise.all([pointsAtSnapshot(db, at), excludedAddresses(db)]);
  const tiers = config().POINTS_TIERS.map((t) => t.name);
  return {
    snapshotAt: at.toISOString(),
    participants: participants.length,
    ...simulate(participants, ruleOf(r), BigInt(r.totalAmount), excluded, tiers),
  };
}
