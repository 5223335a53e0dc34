import { readFile } from "node:fs/promises";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order test files start in, for both projects (vitest.config.ts).
 *
 * 1. Files of one environment together. Files share worker processes, but vitest hands a worker the
 *    next file only when that file has the same environment; otherwise it stops the worker and starts
 *    another, which loads node_modules again. With node and happy-dom files mixed, the unit pass
 *    started about 90 workers for 225 files.
 * 2. The longest files (20 s to 2 min) first. On a clean clone vitest has no durations to go by and
 *    starts the largest files first; the two crash tests (child processes SIGKILLed and resumed)
 *    are small files, so they started last and the PostgreSQL pass waited about a minute on them
 *    after the other worker had finished. Names, not paths: a renamed file only loses its head start.
 *
 * Array.prototype.sort is stable: within these rules, files keep vitest's order.
 */
const LONG_RUNNING = [
  "publish-kill.int.test.ts",
  "faucet-crash.int.test.ts",
  "publish.int.test.ts",
  "migrate.int.test.ts",
];

const longRank = (spec: TestSpecification) => {
  const i = LONG_RUNNING.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return i === -1 ? LONG_RUNNING.length : i;
};

/** The `// @vitest-environment` a file names in its first lines, or "" for the project's default. */
async function environmentOf(spec: TestSpecification): Promise<string> {
  const head = (await readFile(spec.moduleId, "utf8")).slice(0, 500);
  return /@vitest-environment\s+(\S+)/.exec(head)?.[1] ?? "";
}

export default class TestFileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const env = new Map(await Promise.all(sorted.map(async (s) => [s, await environmentOf(s)] as const)));
    // Environments in the order vitest's own order first reaches them.
    const envRank = new Map([...new Set(sorted.map((s) => env.get(s)))].map((e, i) => [e, i]));
    return sorted.sort(
      (a, b) => (envRank.get(env.get(a)) ?? 0) - (envRank.get(env.get(b)) ?? 0) || longRank(a) - longRank(b),
    );
  }
}
