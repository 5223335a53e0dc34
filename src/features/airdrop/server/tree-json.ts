/**
 * A round's tree dump as JSON text in bounded pieces (docs/airdrop.md "Publishing"): the
 * concatenation of `dumpChunks(dump)` is `JSON.stringify(dump)` byte for byte (tree-json.test.ts),
 * but no piece is much longer than `size` characters. At a million leaves the dump is ~250 MB: built
 * as one string and handed to the database driver in one piece, it (and the driver's copy) sat on
 * top of the ~1 GB tree and took the publish job past 2 GB.
 */

/** About 1 MiB per stored chunk (migration 0024 cuts older dumps the same way). */
export const TREE_CHUNK_CHARS = 1 << 20;

/**
 * The JSON of a plain object in small pieces, keys in insertion order as `JSON.stringify` writes them;
 * array-valued keys (the dump's `tree` and `values`) element by element, everything else whole.
 * Only what a dump holds: strings, numbers, arrays and plain objects, no `toJSON`.
 */
function* pieces(obj: object): Generator<string> {
  yield "{";
  let first = true;
  for (const [key, value] of Object.entries(obj)) {
    if (value === undefined || typeof value === "function") continue; // JSON.stringify leaves them out
    yield `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    if (!Array.isArray(value)) {
      yield JSON.stringify(value);
      continue;
    }
    yield "[";
    for (let i = 0; i < value.length; i++) {
      // In an array JSON.stringify writes `null` for what it would leave out of an object.
      yield `${i ? "," : ""}${JSON.stringify(value[i]) ?? "null"}`;
    }
    yield "]";
  }
  yield "}";
}

/** `JSON.stringify(dump)` in consecutive chunks of at least `size` characters (the last may be shorter). */
export function* dumpChunks(dump: object, size = TREE_CHUNK_CHARS): Generator<string> {
  if (!(size >= 1)) throw new RangeError(`Chunk size must be positive: ${size}`);
  let parts: string[] = [];
  let length = 0;
  for (const piece of pieces(dump)) {
    parts.push(piece);
    length += piece.length;
    if (length >= size) {
      yield parts.join("");
      parts = [];
      length = 0;
    }
  }
  if (length > 0) yield parts.join("");
}
