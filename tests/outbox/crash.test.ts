// Crash test: app instances queuing and draining stock changes, transfers between two warehouses (a
// kill between their halves included), money writes (incomes, expenses, payments, payments on incomes
// made offline), contacts with an edit chained on each, return purchase orders with a payment, quotations with an approval
// and file uploads are killed with SIGKILL at random moments (fixed
// seed); after restarts nothing is lost, nothing is applied twice and the file is intact.
// More kills: `npx tsx tests/outbox/soak.ts --kills 2000`.
import { describe, expect, it } from 'vitest';
import { crashRunProblems, outcomeCounts, runCrashCycles } from './support/crash-harness.js';

describe('crashes', () => {
  it('survives 200 SIGKILLs while queuing and draining', { timeout: 240_000 }, async () => {
    const result = await runCrashCycles({
      kills: 200,
      lanes: 2,
      seed: 20_250_610,
      maxDelayMs: 120,
      operationsPerChild: 5,
    });
    expect(result.kills).toBeGreaterThanOrEqual(200);
    expect(result.printedIds.size).toBeGreaterThan(50);
    expect(crashRunProblems(result)).toEqual([]);
    // Money writes were among them: creates, payments on the server's income and on incomes made here.
    const kinds = (kind: string) => result.rows.filter((row) => row.kind === kind);
    const payments = kinds('incomePayment');
    expect(kinds('addIncome').length).toBeGreaterThan(1);
    expect(kinds('addExpense').length).toBeGreaterThan(1);
    expect(kinds('addContact').length).toBeGreaterThan(1);
    expect(kinds('updateContact').length).toBe(kinds('addContact').length);
    expect(kinds('addPurchaseOrderFile').length).toBeGreaterThan(1);
    expect(kinds('addBundle').length).toBeGreaterThan(1);
    expect(kinds('updateBundle').length).toBe(kinds('addBundle').length);
    expect(kinds('addQuotation').length).toBeGreaterThan(1);
    expect(kinds('approveQuotation').length).toBe(kinds('addQuotation').length);
    expect(payments.filter((row) => row.target_id === result.serverIncome).length).toBeGreaterThan(1);
    expect(payments.filter((row) => row.target_id !== result.serverIncome).length).toBeGreaterThan(1);
    // Return purchase orders made here (keyless creates) with a payment chained on each.
    expect(kinds('addReturnPurchaseOrder').length).toBeGreaterThan(1);
    expect(kinds('returnPurchaseOrderPayment').length).toBe(kinds('addReturnPurchaseOrder').length);
    // Products made offline with a change chained on each (crashRunProblems: one per sku, its price).
    expect(kinds('addProduct').length).toBeGreaterThan(1);
    expect(kinds('updateProduct').length).toBe(kinds('addProduct').length);
    // A serial number on each while it was local (crashRunProblems: held once, on the server id).
    expect(kinds('addSerialNo').length).toBe(kinds('addProduct').length);
    // The kills landed where it matters: requests sent by an instance that died before saving the answer.
    // Transfers were among them, each half applied once (crashRunProblems checks both warehouses).
    expect(result.moves.length).toBeGreaterThan(1);
    const outcomes = outcomeCounts(result);
    expect((outcomes.reconciled ?? 0) + (outcomes.alreadyApplied ?? 0)).toBeGreaterThan(0);
  });
});
