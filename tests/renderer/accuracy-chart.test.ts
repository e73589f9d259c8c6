// The accuracy chart's geometry (src-renderer/features/cycle/accuracy-chart.ts): one line per class
// over the periods in order, 100 % at the top, 0 % at the bottom; a class absent from a period has no
// point there, and a class never counted no line.
import { describe, expect, it } from 'vitest';
import {
  accuracyChart,
  CHART_HEIGHT,
  CHART_WIDTH,
} from '../../src-renderer/features/cycle/accuracy-chart.js';

const row = (period: string, valueClass: 'A' | 'B' | 'C', share: number) => ({
  period,
  valueClass,
  lines: 10,
  withinTolerance: share * 10,
  share,
  varianceValue: 0,
  absoluteVarianceValue: 0,
});

describe('the accuracy chart', () => {
  it('places each class’s share per period, periods in order', () => {
    const chart = accuracyChart({
      warehouseCode: 'W0001',
      period: 'week',
      tolerance: { kind: 'percent', value: 5 },
      rows: [row('2025-01-13', 'A', 0.5), row('2025-01-06', 'A', 1), row('2025-01-06', 'B', 0)],
    });
    expect(chart.periods).toEqual(['2025-01-06', '2025-01-13']);
    expect(chart.xs).toEqual([24, CHART_WIDTH - 24]);
    expect(chart.lines).toEqual([
      { valueClass: 'A', points: `24,24 ${CHART_WIDTH - 24},${CHART_HEIGHT / 2}` },
      { valueClass: 'B', points: `24,${CHART_HEIGHT - 24}` },
      { valueClass: 'C', points: '' },
    ]);
  });

  it('centres a single period', () => {
    const chart = accuracyChart({
      warehouseCode: 'W0001',
      period: 'month',
      tolerance: { kind: 'units', value: 0 },
      rows: [row('2025-01-01', 'C', 1)],
    });
    expect(chart.xs).toEqual([CHART_WIDTH / 2]);
  });
});
