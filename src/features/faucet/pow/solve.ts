import { solveChallenge } from "altcha-lib/v1";
import type { PowChallenge } from "../schema";

/**
 * The proof-of-work search, shared by the Web Worker (pow/solver.worker.ts) and the main-thread
 * fallback: altcha-lib's own solver, run over slices of the number range so the caller can report
 * progress between slices and stop early.
 */
export const SLICE = 5_000;

export type Progress = { tried: number; total: number };

export async function searchSolution(
  c: Pick<PowChallenge, "challenge" | "salt" | "algorithm" | "maxnumber">,
  onProgress: (p: Progress) => void,
  shouldStop: () => boolean = () => false,
): Promise<number | null> {
  for (let start = 0; start <= c.maxnumber; start += SLICE) {
    if (shouldStop()) return null;
    const end = Math.min(c.maxnumber, start + SLICE - 1);
    const found = await solveChallenge(c.challenge, c.salt, c.algorithm, end, start).promise;
    if (found) return found.number;
    onProgress({ tried: end + 1, total: c.maxnumber + 1 });
  }
  return null;
}

/** The widget's payload: the solved challenge as base64 JSON (what `POST /api/faucet/claim` takes). */
export function encodePayload(c: PowChallenge, number: number): string {
  const json = JSON.stringify({
    algorithm: c.algorithm,
    challenge: c.challenge,
    number,
    salt: c.salt,
    signature: c.signature,
  });
  return btoa(json);
}
