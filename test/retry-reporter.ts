import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every test that needed a retry (CI retries integration tests once, vitest.config.ts), in a
 * block at the end of the run, so a flaky test is seen and fixed rather than hidden by its retry.
 * With it, what failed: Vitest keeps a failed attempt's errors on a test that then passed, and a
 * flake that happens once in a CI run cannot be diagnosed from its name alone.
 */
export default class RetryReporter implements Reporter {
  /** Each retried test: its line, then one line per error of a failed attempt. */
  private retried: { title: string; errors: string[] }[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0) return;
    const result = testCase.result();
    const outcome = result.state === "passed" ? "passed on retry (flaky)" : "failed after retry";
    const file = testCase.module.moduleId;
    this.retried.push({
      title: `${file} > ${testCase.fullName}: ${outcome}, ${diagnostic.retryCount} retry`,
      errors: (result.errors ?? []).map((error) => describeError(error, file)),
    });
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    console.log(`\nRETRIED TESTS (${this.retried.length}) — a flaky test is a defect to fix:`);
    for (const { title, errors } of this.retried) {
      console.log(`  ↻ ${title}`);
      for (const error of errors) console.log(`    ${error}`);
    }
  }
}

type ReportedError = { message?: string; stacks?: { file: string; line: number; column: number }[] };

/** The error's first line (at most 300 characters) and where in the test file it was thrown. */
export function describeError(error: ReportedError, testFile: string): string {
  const message = (error.message ?? "unknown error").split("\n")[0]?.slice(0, 300) ?? "";
  const frame = error.stacks?.find((s) => s.file === testFile) ?? error.stacks?.[0];
  return frame ? `${message} (at ${frame.file.split("/").pop()}:${frame.line})` : message;
}
