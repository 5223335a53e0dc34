/** Rows of a raw `execute` on either driver (PGlite and node-postgres both answer `{ rows }`). */
export function rows<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
