// Figures for noisy shared machines: medians and high percentiles, never single timings.

/** The p-th percentile (0..100) of samples, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

/** Milliseconds with 3 significant decimals for printing. */
export function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 3 : 1)} ms`;
}

/** Runs `body` `times` times and returns each duration in ms. */
export async function timeEach(times: number, body: (index: number) => unknown): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    await body(index);
    durations.push(performance.now() - started);
  }
  return durations;
}
