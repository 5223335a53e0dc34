/** Pure decisions behind ChunkReloadGuard (seed: reload once, guarded for 10 s per path). */

export const CHUNK_RELOAD_GUARD_MS = 10_000;

const CHUNK_PATTERNS = [
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Failed to load chunk/i,
];

/** Recognises the errors browsers and bundlers raise when a code-split chunk is gone (after a deploy). */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  if (typeof reason === "object") {
    const name = (reason as { name?: unknown }).name;
    if (name === "ChunkLoadError") return true;
  }
  const message =
    typeof reason === "string"
      ? reason
      : typeof (reason as { message?: unknown }).message === "string"
        ? (reason as { message: string }).message
        : "";
  return CHUNK_PATTERNS.some((p) => p.test(message));
}

export const chunkReloadKey = (path: string) => `aurum:chunk-reload:${path}`;

/** Reload unless we already reloaded this path less than 10 s ago (avoids a reload loop). */
export function shouldReloadForChunkError(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  return now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS || now < lastReloadAt;
}

export function parseTimestamp(raw: string | null): number | null {
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}
