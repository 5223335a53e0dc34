/**
 * One value per process, shared by every bundle (docs/ARCHITECTURE.md, "Caching"). Next builds
 * route handlers and pages as separate bundles, each with its own copy of a module's top-level
 * variables: a cache that a route clears (sign-out, a points credit, a name registration) must be
 * the very one the pages read, or a page keeps serving what the route just changed.
 */
export function processState<T>(name: string, create: () => T): T {
  const g = globalThis as unknown as Record<symbol, unknown>;
  const key = Symbol.for(`aurum.${name}`);
  if (!(key in g)) g[key] = create();
  return g[key] as T;
}
