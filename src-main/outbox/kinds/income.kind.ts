// Incomes queued by enqueueIncome: one AddIncome per row, with the uniquenumber fixed at enqueue.
// Code 900 means an earlier request with this key was applied, so resending is always safe.
import { isBackofficeFailure } from '../../backoffice/index.js';
import type { OperationRow } from '../drain.repository.js';
import type { OperationKind, RowOutcome } from '../operation-kind.js';
import { incomeBodySchema } from './income-schema.js';

export const BAD_PAYLOAD = 'BAD_PAYLOAD';

export const incomeKind: OperationKind = {
  name: 'addIncome',
  collapsible: () => false,
  batchLimit: () => 1,
  warehouseOf: () => undefined,
  prepare: async (rows) => ({ send: rows.map((row) => ({ id: row.id })), settled: new Map() }),

  async send(rows, context) {
    const outcomes = new Map<number, RowOutcome>();
    for (const row of rows) {
      const body = incomeBodySchema.safeParse(JSON.parse(row.payload ?? 'null'));
      if (!body.success || !row.unique_number) {
        outcomes.set(row.id, {
          state: 'parked',
          code: BAD_PAYLOAD,
          text: 'The stored income could not be read.',
        });
        continue;
      }
      try {
        const answer = await context.client.call('AddIncome', {
          query: { uniquenumber: row.unique_number },
          body: body.data,
        });
        const id = answer.detail?.id;
        outcomes.set(row.id, {
          state: 'done',
          outcome: 'applied',
          ...(id === undefined ? {} : { resultFigure: id, serverId: id }),
        });
      } catch (error) {
        if (isBackofficeFailure(error) && error.kind === 'duplicate' && error.alreadyApplied) {
          outcomes.set(row.id, { state: 'done', outcome: 'alreadyApplied' });
        } else throw error;
      }
    }
    return outcomes;
  },

  /** The key makes a resend harmless: 900 tells an applied one. */
  reconcile: async (rows: readonly OperationRow[]) =>
    new Map<number, RowOutcome>(rows.map((row) => [row.id, { state: 'pending' }])),
};
