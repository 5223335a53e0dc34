import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every test that needed a retry (CI retries integration tests once, vitest.config.ts), in a
 * block at the end of the run, so a flaky test is seen and fixed rather than hidden by its retry.
 */
export default class RetryReporter implements Reporter {
  private retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0) return;
    const outcome = testCase.result().state === "passed" ? "passed on retry (flaky)" : "failed after retry";
    this.retried.push(
      `${testCase.module.moduleId} > ${testCase.fullName}: ${outcome}, ${diagnostic.retryCount} retry`,
    );
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    console.log(`\nRETRIED TESTS (${this.retried.length}) — a flaky test is a defect to fix:`);
    for (const line of this.retried) console.log(`  ↻ ${line}`);
  }
}
