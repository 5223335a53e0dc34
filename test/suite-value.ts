import { afterAll, beforeAll } from "vitest";

/**
 * A value a test file's set-up helper makes in `beforeAll` and closes in `afterAll` (the database,
 * the chain): `get()` answers it, and throws when called before the set-up ran (at collection time).
 */
export function suiteValue<T>(
  name: string,
  make: () => Promise<T>,
  close: (value: T) => Promise<unknown>,
): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  afterAll(async () => {
    if (value !== undefined) await close(value);
  });
  return () => {
    if (value === undefined) throw new Error(`${name}: used before its beforeAll ran`);
    return value;
  };
}
