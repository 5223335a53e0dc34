import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { getSetting } from "@/server/settings";
import type { Tier } from "../tiers";

/**
 * The tiers in force: the console's `points.tiers` setting (run-time, README "Configuration"),
 * else the environment's POINTS_TIERS. The one place that resolves them: /rewards shows a
 * participant's tier with it, and the airdrop computes and freezes its rounds' tiers with it.
 */
export function pointsTiers(db: Db): Promise<readonly Tier[]> {
  return getSetting<readonly Tier[]>(db, "points.tiers", config().POINTS_TIERS);
}
