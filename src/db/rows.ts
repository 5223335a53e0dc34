/** `db.execute` answers `{ rows }` on both drivers (PGlite and node-postgres); this reads them typed. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
