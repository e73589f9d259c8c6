// The accuracy chart's geometry (pure, so it is tested without a page): one line per value class over
// the report's periods, the share of accurate lines from 0 % (bottom) to 100 % (top).
import type { AccuracyReport } from './cycle.svelte.js';

export const CHART_WIDTH = 480;
export const CHART_HEIGHT = 160;
const PAD = 24;

export interface ChartLine {
  readonly valueClass: 'A' | 'B' | 'C';
  /** SVG polyline points; '' when the class has no counted line in any period. */
  readonly points: string;
}

export interface AccuracyChart {
  readonly periods: readonly string[];
  readonly lines: readonly ChartLine[];
  /** x of each period's label. */
  readonly xs: readonly number[];
}

export function accuracyChart(report: AccuracyReport): AccuracyChart {
  const periods = [...new Set(report.rows.map((row) => row.period))].sort();
  const step = periods.length > 1 ? (CHART_WIDTH - 2 * PAD) / (periods.length - 1) : 0;
  const xs = periods.map(
    (_, index) => PAD + (periods.length > 1 ? index * step : (CHART_WIDTH - 2 * PAD) / 2),
  );
  const yOf = (share: number) => CHART_HEIGHT - PAD - share * (CHART_HEIGHT - 2 * PAD);
  const lines = (['A', 'B', 'C'] as const).map((valueClass) => ({
    valueClass,
    points: periods
      .flatMap((period, index) => {
        const row = report.rows.find((entry) => entry.period === period && entry.valueClass === valueClass);
        return row === undefined ? [] : [`${round(xs[index] ?? 0)},${round(yOf(row.share))}`];
      })
      .join(' '),
  }));
  return { periods, lines, xs };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
