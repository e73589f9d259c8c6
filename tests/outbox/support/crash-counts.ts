// Counts and their undos in the crash test (issue 24): products of their own, each counted
// CRASH_COUNT_ABOVE above its top-up (keepDifference, as a cycle count); once a count is done on the
// back office a child queues its undo (reverseStockCount), and once that is done the product may be
// counted again under a new session. The run starts with each product's first count done (queued and
// drained by the parent: behind the children's backlog a count would land only in the final drain), so
// the first children queue the undos, one at a time, and the parent kills a child soon after it queued
// one; the run's first such requests lose their answer after they were applied (a reset), so their
// rows are read back by instances that are being killed; later steps are queued as they fall due. The checks read each product's stock through v4.
import type { Database } from 'better-sqlite3';
import {
  appliedCountLine,
  enqueueCountReversal,
  enqueueStockCount,
  REVERSE_STOCK_COUNT_KIND,
} from '../../../src-main/outbox/index.js';
import { CRASH_COUNT_PRODUCTS, CRASH_TOP_UP, CRASH_WAREHOUSE } from './crash-plan.js';

/** Each count finds this many more than the back office holds (its top-up, nothing else moves it). */
export const CRASH_COUNT_ABOVE = 7;
const SESSION_PREFIX = 'crash-count-';

interface CountChainRow {
  readonly product_id: number;
  readonly session_id: string;
  readonly count_state: string;
  readonly undo_state: string | null;
}

/** The newest count of each count product, with its undo's state (null: no undo queued). */
function newestCounts(db: Database): Map<number, CountChainRow> {
  const rows = db
    .prepare<[string], CountChainRow>(
      `SELECT c.product_id, c.session_id, c.state AS count_state, u.state AS undo_state
         FROM outbox_operations c
         LEFT JOIN outbox_operations u ON u.kind = '${REVERSE_STOCK_COUNT_KIND}'
                                      AND u.session_id = c.session_id AND u.product_id = c.product_id
        WHERE c.kind = 'stockCount' AND c.session_id LIKE ? || '%'
        ORDER BY c.id`,
    )
    .all(SESSION_PREFIX);
  return new Map(rows.map((row) => [row.product_id, row]));
}

type CountStep =
  | { readonly kind: 'count'; readonly productId: number }
  | { readonly kind: 'undo'; readonly productId: number; readonly sessionId: string };

function nextSteps(db: Database): CountStep[] {
  const newest = newestCounts(db);
  return CRASH_COUNT_PRODUCTS.flatMap((productId): CountStep[] => {
    const chain = newest.get(productId);
    if (chain === undefined || chain.undo_state === 'done') return [{ kind: 'count', productId }];
    if (chain.count_state === 'done' && chain.undo_state === null)
      return [{ kind: 'undo', productId, sessionId: chain.session_id }];
    return [];
  });
}

/**
 * Queues what is due (a count on a product whose last count was undone, else the undo of a count done
 * and not undone yet), `limit` steps at most (undos first: one request each while they are drained
 * between calls), and returns the operation ids. The steps are read again inside an immediate
 * transaction, so two instances never queue the same step twice.
 */
export function queueDueCountSteps(db: Database, uniquePart: string, limit: number): number[] {
  const due = () =>
    nextSteps(db)
      .sort((left, right) => (left.kind === right.kind ? 0 : left.kind === 'undo' ? -1 : 1))
      .slice(0, limit);
  if (due().length === 0) return [];
  return db
    .transaction((): number[] =>
      due().flatMap((step): number[] => {
        const sku = `SKU-${String(step.productId).padStart(6, '0')}`;
        if (step.kind === 'count') {
          return enqueueStockCount(db, {
            sessionId: `${SESSION_PREFIX}${uniquePart}-${step.productId}`,
            warehouseCode: CRASH_WAREHOUSE,
            policy: 'keepDifference',
            lines: [
              {
                productId: step.productId,
                sku,
                counted: CRASH_TOP_UP + CRASH_COUNT_ABOVE,
                countedAgainst: CRASH_TOP_UP,
              },
            ],
          }).operationIds;
        }
        const applied = appliedCountLine(db, step.sessionId, step.productId);
        if (applied.state !== 'applied') throw new Error(`The count ${step.sessionId} is not applied`);
        return enqueueCountReversal(db, {
          sessionId: step.sessionId,
          warehouseCode: CRASH_WAREHOUSE,
          policy: 'keepDifference',
          lines: [{ productId: step.productId, sku, counted: applied.counted, before: applied.before }],
        }).filter((id): id is number => id !== null);
      }),
    )
    .immediate();
}

/** The rows of a finished run the count checks read. */
export interface CountCheckRow {
  readonly id: number;
  readonly kind: string;
  readonly state: string;
  readonly product_id: number | null;
  readonly session_id: string | null;
}

/**
 * Each count product holds its top-up when its last count was undone, the top-up plus
 * CRASH_COUNT_ABOVE when it was not: a count or an undo applied twice (or lost) leaves another figure.
 * Every count but the last of a product was undone, each session has one count and at most one undo.
 */
export function countProblems(
  rows: readonly CountCheckRow[],
  stock: ReadonlyMap<number, number> | undefined,
): string[] {
  const problems: string[] = [];
  for (const productId of CRASH_COUNT_PRODUCTS) {
    const mine = rows.filter((row) => row.product_id === productId);
    const counts = mine.filter((row) => row.kind === 'stockCount');
    const undos = mine.filter((row) => row.kind === REVERSE_STOCK_COUNT_KIND);
    const sessions = new Set(counts.map((row) => row.session_id));
    if (sessions.size !== counts.length) problems.push(`product ${productId}: a session counted twice`);
    for (const [index, count] of counts.entries()) {
      const undone = undos.filter((undo) => undo.session_id === count.session_id).length;
      const last = index === counts.length - 1;
      if (undone > 1 || (!last && undone !== 1))
        problems.push(`count ${count.session_id ?? ''}: ${undone} undos queued`);
    }
    const lastUndone = undos.some((undo) => undo.session_id === counts.at(-1)?.session_id);
    const expected = CRASH_TOP_UP + (counts.length > 0 && !lastUndone ? CRASH_COUNT_ABOVE : 0);
    const actual = stock?.get(productId);
    if (actual !== expected)
      problems.push(
        `counted product ${productId}: stock ${String(actual)}, expected ${expected} ` +
          `(${counts.length} counts, ${undos.length} undos)`,
      );
  }
  return problems;
}
