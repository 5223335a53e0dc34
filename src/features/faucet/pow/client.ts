import type { PowChallenge } from "../schema";
import { encodePayload, type Progress, searchSolution } from "./solve";

/**
 * Solves a faucet challenge in a Web Worker, reporting progress; falls back to the main thread
 * (in slices, so the page stays responsive) where workers are unavailable. Resolves to the base64
 * payload for `POST /api/faucet/claim`.
 */
export function solvePow(
  c: PowChallenge,
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
): Promise<string> {
  let worker: Worker | null = null;
  try {
    worker = new Worker(new URL("./solver.worker.ts", import.meta.url), { type: "module" });
  } catch {
    worker = null;
  }
  if (!worker) return solveHere(c, onProgress, signal);
  const w = worker;
  return new Promise<string>((resolve, reject) => {
    const stop = () => {
      w.terminate();
      reject(new DOMException("Stopped", "AbortError"));
    };
    signal?.addEventListener("abort", stop, { once: true });
    w.onmessage = (e: MessageEvent<{ type: string; number?: number; tried?: number; total?: number }>) => {
      const m = e.data;
      if (m.type === "progress")
        return onProgress({ tried: m.tried ?? 0, total: m.total ?? c.maxnumber + 1 });
      signal?.removeEventListener("abort", stop);
      w.terminate();
      if (m.type === "solved" && typeof m.number === "number") resolve(encodePayload(c, m.number));
      else reject(new Error("Could not solve the check. Please try again."));
    };
    w.onerror = () => {
      // A worker that cannot start (blocked by a policy) is not the participant's fault: solve here.
      signal?.removeEventListener("abort", stop);
      w.terminate();
      solveHere(c, onProgress, signal).then(resolve, reject);
    };
    w.postMessage({ challenge: c.challenge, salt: c.salt, algorithm: c.algorithm, maxnumber: c.maxnumber });
  });
}

async function solveHere(
  c: PowChallenge,
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const number = await searchSolution(
    c,
    (p) => onProgress(p),
    () => signal?.aborted === true,
  );
  if (signal?.aborted) throw new DOMException("Stopped", "AbortError");
  if (number === null) throw new Error("Could not solve the check. Please try again.");
  return encodePayload(c, number);
}
