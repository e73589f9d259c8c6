// The plain summary line CI logs show: a file whose beforeAll threw (its tests skipped) or that did not
// load is a failure, never "0 failed".
import type { TestModule } from 'vitest/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SummaryReporter from './summary-reporter.js';

type State = 'passed' | 'failed' | 'skipped';

/** The part of a TestModule the reporter reads. */
function testModule(state: 'passed' | 'failed', tests: readonly State[]): TestModule {
  const children = {
    size: tests.length,
    allTests: () => tests.map((test) => ({ result: () => ({ state: test }) })),
  };
  return { state: () => state, children } as unknown as TestModule;
}

function summary(modules: readonly TestModule[]): string {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  new SummaryReporter().onTestRunEnd(modules);
  return String(write.mock.calls[0]?.[0] ?? '').trim();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the summary line', () => {
  it('counts passed, failed and skipped tests', () => {
    expect(summary([testModule('failed', ['passed', 'failed', 'skipped'])])).toBe(
      '1 passed, 1 failed, 1 skipped',
    );
  });
  it('counts a file whose tests were all skipped by a failing beforeAll as failed', () => {
    expect(summary([testModule('failed', ['skipped']), testModule('passed', ['passed'])])).toBe(
      '1 passed, 1 failed, 1 skipped',
    );
  });
  it('counts a file that did not load as failed', () => {
    expect(summary([testModule('failed', [])])).toBe('0 passed, 1 failed');
  });
});
