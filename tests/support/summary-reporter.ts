import type { Reporter, TestModule } from 'vitest/node';

/** Ends every run with one plain line, "N passed, N failed[, N skipped]", for CI logs. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      let failedHere = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed with no test failing (it did not load, or a beforeAll threw and its tests
      // were skipped) counts as one failure: "0 failed" would read as a good run.
      failed += testModule.state() === 'failed' && failedHere === 0 ? 1 : failedHere;
    }
    process.stdout.write(
      `\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
