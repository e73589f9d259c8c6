// Cycle counting (issue 24, decision 0020): the store's rules, the "Count next" list, a day's share
// as a scoped count session, and the accuracy of committed counts per class, warehouse and period.
// Every call is local: nothing here reaches the back office.
import { z } from 'zod';
import {
  A_SHARE_RULE,
  DAILY_SHARE_RULE,
  DAYS_RULE,
  SHARE_RULE,
  TOLERANCE_RULE,
} from '../../domain/cycle-counting-rules.js';
import { count, epochMs, pageArgs, requiredText, shortText, typedFigure, uuidLike } from './common.js';
import { sessionView } from './count-records.js';

export const valueClass = z.enum(['A', 'B', 'C']);
export const toleranceKind = z.enum(['units', 'percent']);
export const accuracyPeriod = z.enum(['week', 'month']);

export const cycleSettings = z.object({
  aShare: z.number(),
  bShare: z.number(),
  intervalDays: z.object({ A: z.number(), B: z.number(), C: z.number() }),
  /** null: the share the intervals give (naturalDailyShare). */
  dailyShare: z.number().nullable(),
  tolerance: z.object({ kind: toleranceKind, value: z.number() }),
});
export type CycleSettingsValue = z.output<typeof cycleSettings>;

const warehouseCode = requiredText(64);

export const countNextRow = z.object({
  productId: z.number(),
  sku: z.string(),
  name: z.string(),
  valueClass,
  /** Stock × purchase price in the warehouse, baht. */
  value: z.number(),
  lastCountedAt: epochMs.nullable(),
  /** null: never counted (due now). */
  dueAt: epochMs.nullable(),
});

const classCounts = z.object({ products: count, due: count, value: z.number() });

export const countNextList = z.object({
  warehouseCode: z.string(),
  at: epochMs,
  /** Products in a day's share (the setting, or what the intervals give). */
  dailyShare: count,
  due: count,
  classes: z.object({ A: classCounts, B: classCounts, C: classCounts }),
  rows: z.array(countNextRow),
});
export type CountNextListValue = z.output<typeof countNextList>;

export const accuracyRow = z.object({
  /** 'yyyy-MM-dd' (Thai calendar) of the period's first day: a Monday for weeks. */
  period: z.string(),
  valueClass,
  lines: count,
  withinTolerance: count,
  /** withinTolerance ÷ lines, 0…1. */
  share: z.number(),
  /** Σ (counted − counted against) × purchase price, baht (losses negative). */
  varianceValue: z.number(),
  /** Σ |counted − counted against| × purchase price, baht. */
  absoluteVarianceValue: z.number(),
});

export const accuracyReport = z.object({
  warehouseCode: z.string(),
  period: accuracyPeriod,
  tolerance: z.object({ kind: toleranceKind, value: z.number() }),
  rows: z.array(accuracyRow),
});
export type AccuracyReportValue = z.output<typeof accuracyReport>;

const accuracyArgs = z.strictObject({
  warehouseCode,
  period: accuracyPeriod.default('week'),
  /** How many periods back from now (this one included). */
  periods: z.int().min(1).max(260).default(12),
});

export const reversalState = z.enum(['reversible', 'reversed', 'laterCount', 'notApplied']);

/** A committed count's lines as undoing sees them: both figures, and whether each can be undone now. */
export const reversalPlan = z.object({
  sessionId: z.string(),
  warehouseCode: z.string(),
  lines: z.array(
    z.object({
      productId: z.int(),
      sku: z.string(),
      name: z.string(),
      state: reversalState,
      /** What the count set on the back office (null while it has not landed). */
      counted: z.number().nullable(),
      /** What undoing sets it back to: the back office's figure just before the count. */
      back: z.number().nullable(),
      operationId: z.int().nullable(),
    }),
  ),
});
export type ReversalPlanValue = z.output<typeof reversalPlan>;

export const cycleCountingCalls = {
  'cycle.settings': { args: z.strictObject({}), result: cycleSettings },
  /** Changes the fields given; refuses a set whose A + B passes 100 %. Returns the whole new set. */
  'cycle.setSettings': {
    args: z.strictObject({
      aShare: typedFigure(A_SHARE_RULE).optional(),
      bShare: typedFigure(SHARE_RULE).optional(),
      intervalDays: z
        .strictObject({
          A: typedFigure(DAYS_RULE).optional(),
          B: typedFigure(DAYS_RULE).optional(),
          C: typedFigure(DAYS_RULE).optional(),
        })
        .optional(),
      dailyShare: typedFigure(DAILY_SHARE_RULE).nullable().optional(),
      tolerance: z.strictObject({ kind: toleranceKind, value: typedFigure(TOLERANCE_RULE) }).optional(),
    }),
    result: cycleSettings,
  },
  'cycle.countNext': {
    args: z.strictObject({ warehouseCode, ...pageArgs }),
    result: countNextList,
    reasons: ['unknown-warehouse'],
  },
  /** A products-scope count session of the day's share: the first `dailyShare` products due. */
  'cycle.startDailyCount': {
    args: z.strictObject({
      warehouseCode,
      /** Who counts (the sessions list shows it). */
      counter: requiredText(64).optional(),
      /** The session's name in the page's language (blank: "<warehouse> cycle count <date>"). */
      name: shortText(200).optional(),
    }),
    result: z.object({ session: sessionView, products: count }),
    reasons: [
      'invalid-input',
      'nothing-due',
      'product-not-found',
      'session-not-found',
      'unknown-scope',
      'unknown-warehouse',
    ],
  },
  'cycle.accuracy': { args: accuracyArgs, result: accuracyReport, reasons: ['unknown-warehouse'] },
  'cycle.accuracyCsv': {
    args: accuracyArgs,
    result: z.object({ fileName: z.string(), text: z.string() }),
    reasons: ['unknown-warehouse'],
  },
  'cycle.reversal': {
    args: z.strictObject({ sessionId: uuidLike }),
    result: reversalPlan,
    reasons: ['not-committed', 'session-not-found'],
  },
  /**
   * Undoes a committed count through the outbox: the lines named (every one that can be, when absent).
   * Refused as a whole when a named line cannot be undone (not landed, counted again since, undone).
   */
  'cycle.reverseCount': {
    args: z.strictObject({ sessionId: uuidLike, productIds: z.array(z.int()).min(1).max(10_000).optional() }),
    result: reversalPlan,
    reasons: [
      'later-count',
      'not-applied',
      'not-committed',
      'not-counted',
      'nothing-to-undo',
      'reversed',
      'session-not-found',
    ],
  },
} as const;
