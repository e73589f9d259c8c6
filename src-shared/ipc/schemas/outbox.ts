// The outbox as people see it: counts by state, the rows, the parked rows and what a person can do
// with them. Row payloads (document bodies) are not sent to the page.
import { z } from 'zod';
import { OPERATION_STATES } from '../../domain/vocabulary.js';
import { EMPTY_ARGS, count, driftPolicy, epochMs, pageArgs, rowId, shortText } from './common.js';

export const outboxSummary = z.object({
  pending: count,
  sending: count,
  retry: count,
  unclear: count,
  parked: count,
  /** The whole queue waits for a person (credentials or configuration refused). */
  paused: z.boolean(),
  pauseReason: z.object({ code: z.string(), text: z.string() }).nullable(),
  /** No request before this time (quota); null when not held. */
  holdUntil: epochMs.nullable(),
  holdReason: z.string().nullable(),
});
export type OutboxSummary = z.output<typeof outboxSummary>;

/** What a stock line is about; all null for documents and payments. */
const stockLineFields = {
  warehouseCode: z.string().nullable(),
  productId: z.number().nullable(),
  sku: z.string().nullable(),
  /** 'count', 'set', 'delta'… for stock lines. */
  change: z.string().nullable(),
  value: z.number().nullable(),
  countedAgainst: z.number().nullable(),
};

export const outboxItem = z.object({
  id: z.number(),
  kind: z.string(),
  state: z.enum(OPERATION_STATES),
  /** How the write reads to a person ("Payment ฿1,250.00 on income IN-… by Cash"); null for stock lines. */
  description: z.string().nullable(),
  ...stockLineFields,
  /**
   * The product's name in the local catalogue (stock lines and barcode changes; null for documents, or
   * when the catalogue no longer has the product).
   */
  productName: z.string().nullable(),
  /** A barcode change (kind 'productBarcode'): the code given to the product (`productId`, `sku`). */
  barcode: z.string().nullable(),
  policy: driftPolicy.nullable(),
  sessionId: z.string().nullable(),
  attempts: count,
  nextAttemptAt: epochMs.nullable(),
  reasonCode: z.string().nullable(),
  reasonText: z.string().nullable(),
  outcome: z.string().nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
  finishedAt: epochMs.nullable(),
});

/** A parked row: an outbox row with its reason, the server figure read before sending and its key. */
export const parkedOperation = outboxItem.extend({
  reasonCode: z.string(),
  reasonText: z.string(),
  serverBefore: z.number().nullable(),
  uniqueNumber: z.string().nullable(),
});

const byOperation = { operationId: rowId };

/**
 * Why a write cannot be withdrawn: being sent now, its last request's fate unknown, it may have reached
 * the back office (an earlier request was lost), or it is finished (sent or discarded).
 */
export const WITHDRAW_BLOCKS = ['sending', 'unclear', 'mayHaveArrived', 'finished'] as const;

/** What withdrawing one write takes back: the write, then each write that depends on it. */
export const withdrawalPlan = z.object({
  operationId: z.number(),
  items: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      description: z.string().nullable(),
      sku: z.string().nullable(),
      warehouseCode: z.string().nullable(),
      change: z.string().nullable(),
      value: z.number().nullable(),
      blocked: z.enum(WITHDRAW_BLOCKS).nullable(),
    }),
  ),
  blocked: z.object({ id: z.number(), reason: z.enum(WITHDRAW_BLOCKS) }).nullable(),
});
export type WithdrawalPlanView = z.output<typeof withdrawalPlan>;

export const outboxCalls = {
  'outbox.summary': { args: EMPTY_ARGS, result: outboxSummary },
  /** 'open' (default): every row not done or discarded; 'all': history too. Newest first. */
  'outbox.list': {
    args: z.strictObject({
      state: z.enum([...OPERATION_STATES, 'open', 'all']).default('open'),
      ...pageArgs,
    }),
    result: z.object({ total: count, offset: count, items: z.array(outboxItem) }),
  },
  'outbox.parked': { args: EMPTY_ARGS, result: z.array(parkedOperation) },
  /** Sends a parked row again; a count line may get another drift policy. */
  'outbox.retry': {
    args: z.strictObject({ ...byOperation, policy: driftPolicy.optional() }),
    result: outboxSummary,
    reasons: ['not-parked'],
  },
  /** Sends a parked stock line with another figure (≥ 0). */
  'outbox.editValue': {
    args: z.strictObject({ ...byOperation, value: z.number().min(0).max(1_000_000_000) }),
    result: outboxSummary,
    reasons: ['not-parked'],
  },
  /** Never sends it; kept as history with the note. */
  'outbox.discard': {
    args: z.strictObject({ ...byOperation, note: shortText(500).default('') }),
    result: outboxSummary,
    reasons: ['not-parked'],
  },
  /** A person fixed what paused the queue, or wants a quota wait ended. */
  'outbox.resume': { args: EMPTY_ARGS, result: outboxSummary },
  /** What withdrawing this write would take back with it, and whether it can be withdrawn. */
  'outbox.withdrawalPlan': { args: z.strictObject(byOperation), result: withdrawalPlan },
  /** Takes back a write never sent, with what depends on it (refused: conflict, notWithdrawable). */
  'outbox.withdraw': {
    args: z.strictObject({ ...byOperation, note: shortText(500).default('') }),
    result: outboxSummary,
    reasons: ['not-withdrawable'],
  },
  /**
   * Ends the waits after failed attempts and sends now. Not a quota hold, a credentials pause, or the
   * settle time of a lost request. `woken`: how many waiting writes it made due.
   */
  'outbox.sendNow': { args: EMPTY_ARGS, result: outboxSummary.extend({ woken: count }) },
} as const;

export const outboxProgress = z.object({ done: count, total: count });
