import { countParticipants } from "@/features/auth/server";
import { getChainStatus } from "@/features/testnet/server";
import { logger } from "@/server/logger";

export type LandingFigures = {
  /** Latest block as a decimal string, or null when the RPC is unreachable. */
  blockNumber: string | null;
  /** Signed-up participants, or null when the database is unavailable. */
  participants: number | null;
};

// The participant count changes slowly; caching it keeps `/` cheap under load (one query per 5 s per process).
const PARTICIPANTS_CACHE_MS = 5_000;
let participantsCache: { at: number; value: Promise<number | null> } | undefined;

function participants(now: number): Promise<number | null> {
  if (participantsCache && now - participantsCache.at < PARTICIPANTS_CACHE_MS) return participantsCache.value;
  const value = countParticipants().catch((err: unknown) => {
    logger.error({ err }, "landing: counting participants failed");
    participantsCache = undefined;
    return null;
  });
  participantsCache = { at: now, value };
  return value;
}

/** Live figures for the landing page; each one degrades to null on its own, never throws. */
export async function landingFigures(now = Date.now()): Promise<LandingFigures> {
  const [status, count] = await Promise.all([getChainStatus(now), participants(now)]);
  return { blockNumber: status.blockNumber, participants: count };
}
