/**
 * How many blocks one indexing step covers. Providers refuse large `eth_getLogs` ranges with a
 * variety of messages (or simply time out); on such an error the range halves, and after a run of
 * successes it doubles again, up to the configured maximum.
 */
export class AdaptiveRange {
  private current: number;
  private streak = 0;

  constructor(
    readonly max: number,
    readonly min = 1,
    /** Successes needed before the range grows again. */
    readonly growAfter = 3,
  ) {
    this.current = max;
  }

  get size(): number {
    return this.current;
  }

  /** The range was refused: halve it. Returns false when already at the minimum (not a range problem). */
  shrink(): boolean {
    this.streak = 0;
    if (this.current <= this.min) return false;
    this.current = Math.max(this.min, Math.floor(this.current / 2));
    return true;
  }

  succeeded(): void {
    if (this.current >= this.max) return;
    this.streak += 1;
    if (this.streak >= this.growAfter) {
      this.streak = 0;
      this.current = Math.min(this.max, this.current * 2);
    }
  }
}

const RANGE_PATTERNS = [
  /range/i, // "block range too large", "exceed maximum block range", "range limit exceeded"
  /too (many|large)/i, // "query returned more than 10000 results", "response too large"
  /more than \d+ (results|logs)/i,
  /limit exceeded/i,
  /timed? ?out|timeout/i,
  /-32005/, // the common "limit exceeded" JSON-RPC code
];

/** True when an RPC error means "ask for fewer blocks", not "the node is down". */
export function isRangeError(err: unknown): boolean {
  const text = errorText(err);
  if (/ECONNREFUSED|fetch failed|ENOTFOUND|socket hang up|EHOSTUNREACH/i.test(text)) return false;
  return RANGE_PATTERNS.some((p) => p.test(text));
}

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const parts = [err.message];
  const e = err as Error & { code?: unknown; details?: unknown; shortMessage?: unknown; cause?: unknown };
  if (e.code !== undefined) parts.push(String(e.code));
  if (typeof e.details === "string") parts.push(e.details);
  if (e.cause && e.cause !== err) parts.push(errorText(e.cause));
  return parts.join(" | ");
}

/** Exponential backoff with full jitter, for RPC outages: 0.5 s, 1 s, 2 s … capped at `maxMs`. */
export function backoffDelay(
  attempt: number,
  opts: { baseMs?: number; maxMs?: number; random?: () => number } = {},
) {
  const base = opts.baseMs ?? 500;
  const max = opts.maxMs ?? 30_000;
  const ceiling = Math.min(max, base * 2 ** Math.max(0, attempt));
  const random = opts.random ?? Math.random;
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
