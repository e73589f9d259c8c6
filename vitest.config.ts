import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Prints the plain "N passed, N failed" line CI reads, after the default report.
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
