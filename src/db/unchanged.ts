import { isDeepStrictEqual } from "node:util";

/**
 * Whether writing `next` over `stored` would change none of `next`'s fields: the check before an
 * update that must leave an unchanged row (its `updated_at`, its audit log) alone. Compared by
 * value: jsonb comes back with its keys in another order, and dates compare by their time.
 */
export function unchangedFields<T extends object>(next: T, stored: Record<keyof T, unknown>): boolean {
  return (Object.keys(next) as (keyof T)[]).every((k) => isDeepStrictEqual(next[k], stored[k]));
}
