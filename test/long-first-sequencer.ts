import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest files (20 s to 2 min) start first. On a clean clone vitest has no durations to go by
 * and starts the largest files first; the two crash tests (child processes SIGKILLed and resumed)
 * are small files, so they started last and the PostgreSQL pass waited about a minute on them
 * after the other worker had finished. Names, not paths: a renamed file only loses its head start.
 */
const LONG_RUNNING = [
  "publish-kill.int.test.ts",
  "faucet-crash.int.test.ts",
  "publish.int.test.ts",
  "migrate.int.test.ts",
];

const rank = (spec: TestSpecification) => {
  const i = LONG_RUNNING.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return i === -1 ? LONG_RUNNING.length : i;
};

export default class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
