// Crash test: app instances queuing and draining stock changes, transfers between two warehouses (a
// kill between their halves included), money writes (incomes, expenses, payments, payments on incomes
// made offline), contacts with an edit chained on each, return purchase orders with a payment, quotations with an approval
// and file uploads, counts with their undo queued once each count is done, are killed with SIGKILL at random moments (fixed
// seed); after restarts nothing is lost, nothing is applied twice and the file is intact.
// More kills: `npx tsx tests/outbox/soak.ts --kills 2000`.
import { describe, expect, it } from 'vitest';
import {
  crashRunProblems,
  outcomeCounts,
  runCrashCycles,
  type QueuedSoFar,
} from './support/crash-harness.js';
import { CRASH_COUNT_PRODUCTS } from './support/crash-plan.js';

/** Kinds the run must have queued more than once, so that each was killed around in several ways. */
const COVERED_KINDS = [
  'addIncome',
  'addExpense',
  'addContact',
  'addPurchaseOrderFile',
  'addBundle',
  'addQuotation',
  'addReturnPurchaseOrder',
  'addProduct',
] as const;

/**
 * What the run must have covered; checked between children (so a loaded machine, whose children queue
 * less before their kill, runs more of them) and again on the result.
 */
function uncovered(queued: QueuedSoFar): string[] {
  const { serverIncome } = queued;
  const count = (kind: string) => queued.rows.filter((row) => row.kind === kind).length;
  const payments = queued.rows.filter((row) => row.kind === 'incomePayment');
  const missing: string[] = COVERED_KINDS.filter((kind) => count(kind) <= 1);
  if (payments.filter((row) => row.target_id === serverIncome).length <= 1)
    missing.push('payments on the server income');
  if (payments.filter((row) => row.target_id !== serverIncome).length <= 1)
    missing.push('payments on incomes made here');
  if (queued.moves <= 1) missing.push('transfers');
  // Undos of counts sent while instances were being killed, not only by the final drain.
  const undosDone = queued.rows.filter((row) => row.kind === 'reverseStockCount' && row.state === 'done');
  if (undosDone.length <= 1) missing.push('count undos done during the kills');
  // The kills landed where it matters: requests sent by an instance that died before saving the answer.
  if (!queued.rows.some((row) => row.outcome === 'reconciled' || row.outcome === 'alreadyApplied'))
    missing.push('a write reconciled after a kill');
  return missing;
}

describe('crashes', () => {
  it('survives 200 SIGKILLs while queuing and draining', { timeout: 600_000 }, async () => {
    const result = await runCrashCycles({
      kills: 200,
      // On a loaded machine, more kills until every kind was queued more than once (not a weaker check).
      maxKills: 1_000,
      enough: (queued) => uncovered(queued).length === 0,
      lanes: 2,
      seed: 20_250_610,
      maxDelayMs: 120,
      operationsPerChild: 5,
    });
    expect(result.kills).toBeGreaterThanOrEqual(200);
    expect(result.printedIds.size).toBeGreaterThan(50);
    expect(crashRunProblems(result)).toEqual([]);
    expect(
      uncovered({ rows: result.rows, moves: result.moves.length, serverIncome: result.serverIncome }),
    ).toEqual([]);
    // Every chained write is there once per write it depends on (crashRunProblems: each applied once).
    const kinds = (kind: string) => result.rows.filter((row) => row.kind === kind);
    expect(kinds('updateContact').length).toBe(kinds('addContact').length);
    expect(kinds('updateBundle').length).toBe(kinds('addBundle').length);
    expect(kinds('approveQuotation').length).toBe(kinds('addQuotation').length);
    // Return purchase orders made here (keyless creates) with a payment chained on each.
    expect(kinds('returnPurchaseOrderPayment').length).toBe(kinds('addReturnPurchaseOrder').length);
    // Products made offline with a change chained on each (crashRunProblems: one per sku, its price).
    expect(kinds('updateProduct').length).toBe(kinds('addProduct').length);
    // A serial number on each while it was local (crashRunProblems: held once, on the server id).
    expect(kinds('addSerialNo').length).toBe(kinds('addProduct').length);
    // Counts and their undos (crashRunProblems: each product's v4 stock shows each applied once).
    expect(kinds('reverseStockCount').length).toBeGreaterThan(1);
    expect(kinds('stockCount').length - kinds('reverseStockCount').length).toBeLessThanOrEqual(
      CRASH_COUNT_PRODUCTS.length,
    );
    const outcomes = outcomeCounts(result);
    expect((outcomes.reconciled ?? 0) + (outcomes.alreadyApplied ?? 0)).toBeGreaterThan(0);
  });
});
