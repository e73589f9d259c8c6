// The drainer's kinds, built from the rows of the write-kind table by shape: what a keyed create and a
// delta do before sending, how they send, and how they reconcile after an unclear failure. Nothing here
// names an endpoint: that is the table's.
import { endpoints } from '../../../src-shared/api/endpoints/index.js';
import { isBackofficeFailure } from '../../backoffice/index.js';
import type { KindContext, OperationKind, Preparation, RowOutcome } from '../operation-kind.js';
import type { OperationRow } from '../operation-types.js';
import type { PaymentFields, WriteKind } from './write-request.js';
import {
  writeTable,
  type DeltaRow,
  type KeyedCreateEndpoint,
  type KeyedCreateRow,
  type PaymentEndpoint,
} from './write-table.js';

export const BAD_PAYLOAD = 'BAD_PAYLOAD';
/** A delta whose read-back cannot tell whether it was applied: a person compares the figures. */
export const UNCERTAIN_DELTA_WRITE = 'UNCERTAIN_DELTA_WRITE';
/** The create a write waited for was discarded: the record will never exist. */
export const CREATE_DISCARDED = 'CREATE_DISCARDED';
/** The create is done but its record could not be found by its key. */
export const CREATE_NOT_FOUND = 'CREATE_NOT_FOUND';

const badPayload = (what: string): RowOutcome => ({
  state: 'parked',
  code: BAD_PAYLOAD,
  text: `The stored ${what} could not be read.`,
});

/**
 * The one place a keyed create is sent by its row's endpoint name: every keyed endpoint takes
 * `{ query: { uniquenumber }, body }` and answers `detail.id`, and the client checks the body against
 * the same row before sending.
 */
type KeyedCall = (
  name: KeyedCreateEndpoint,
  args: { readonly query: { readonly uniquenumber: string }; readonly body: unknown },
) => Promise<{ readonly detail?: { readonly id: number } }>;

/** Likewise for the payment endpoints: `{ id, query: payment }`. */
type PaymentCall = (
  name: PaymentEndpoint,
  args: { readonly id: number; readonly query: PaymentFields },
) => Promise<unknown>;

/**
 * Keyed create: the uniquenumber was fixed at enqueue, so a resend is harmless and 900 means applied.
 * The server id comes from the answer; after a 900 (no id) it is read back by the key only when a
 * write waits for it.
 */
export function keyedCreateKind(name: WriteKind, row: KeyedCreateRow): OperationKind {
  const schema = endpoints[row.endpoint].body;
  return {
    name,
    collapsible: () => false,
    batchLimit: () => 1,
    warehouseOf: () => undefined,
    prepare: async (rows) => ({ send: rows.map((item) => ({ id: item.id })), settled: new Map() }),

    async send(rows, context) {
      const call = context.client.call.bind(context.client) as unknown as KeyedCall;
      const outcomes = new Map<number, RowOutcome>();
      for (const item of rows) {
        const body = schema.safeParse(parseJson(item.payload));
        if (!body.success || !item.unique_number) {
          outcomes.set(item.id, badPayload(row.record));
          continue;
        }
        try {
          const answer = await call(row.endpoint, {
            query: { uniquenumber: item.unique_number },
            body: body.data,
          });
          const id = answer.detail?.id;
          outcomes.set(item.id, {
            state: 'done',
            outcome: 'applied',
            ...(id === undefined ? {} : { serverId: id }),
          });
        } catch (error) {
          if (!(isBackofficeFailure(error) && error.kind === 'duplicate' && error.alreadyApplied))
            throw error;
          const id = context.hasWaitingDependents(item.id)
            ? await row.findByKey(context.client, item.unique_number, item.created_at)
            : undefined;
          outcomes.set(item.id, {
            state: 'done',
            outcome: 'alreadyApplied',
            ...(id === undefined ? {} : { serverId: id }),
          });
        }
      }
      return outcomes;
    },

    /** The key makes a resend harmless: 900 tells an applied one. */
    reconcile: async (rows) =>
      new Map<number, RowOutcome>(rows.map((item) => [item.id, { state: 'pending' }])),
  };
}

/**
 * Delta without a key: read the record before sending and store it with "sending"; after an unclear
 * failure read it again and let the row's judge decide (applied → done, not applied → resend,
 * anything else → a person, with both figures). Never a blind resend.
 */
export function deltaKind<S>(name: WriteKind, row: DeltaRow<S>): OperationKind {
  const describe = (item: OperationRow) =>
    item.description ?? `${row.endpoint} on ${row.record} ${item.target_id}`;
  return {
    name,
    collapsible: () => false,
    batchLimit: () => 1,
    warehouseOf: () => undefined,

    async prepare(rows, context): Promise<Preparation> {
      const send: Array<{ id: number; readBefore: string; targetId: number }> = [];
      const settled = new Map<number, RowOutcome>();
      for (const item of rows) {
        const target = await targetOf(item, context);
        if (typeof target !== 'number') {
          settled.set(item.id, target);
          continue;
        }
        const before = await row.readBack(context.client, target);
        send.push({ id: item.id, readBefore: JSON.stringify(before), targetId: target });
      }
      return { send, settled };
    },

    async send(rows, context) {
      const call = context.client.call.bind(context.client) as unknown as PaymentCall;
      const outcomes = new Map<number, RowOutcome>();
      for (const item of rows) {
        const payment = paymentOf(item);
        if (!payment || item.target_id === null) {
          outcomes.set(item.id, badPayload(`payment on ${row.record}`));
          continue;
        }
        await call(row.endpoint, { id: item.target_id, query: payment });
        outcomes.set(item.id, { state: 'done', outcome: 'applied' });
      }
      return outcomes;
    },

    async reconcile(rows, context) {
      const outcomes = new Map<number, RowOutcome>();
      for (const item of rows) {
        const payment = paymentOf(item);
        const before = parseJson(item.readback_before) as S | undefined;
        if (!payment || item.target_id === null || before === undefined) {
          outcomes.set(item.id, {
            state: 'parked',
            code: UNCERTAIN_DELTA_WRITE,
            text: `${describe(item)} may have been applied; what the ${row.record} held before sending is not known. Check it, then retry or discard.`,
          });
          continue;
        }
        const after = await row.readBack(context.client, item.target_id);
        const verdict = row.judge(before, after, payment);
        if (verdict === 'applied') outcomes.set(item.id, { state: 'done', outcome: 'reconciled' });
        else if (verdict === 'notApplied') outcomes.set(item.id, { state: 'pending' });
        else {
          outcomes.set(item.id, {
            state: 'parked',
            code: UNCERTAIN_DELTA_WRITE,
            text:
              `${describe(item)} may have been applied: before sending the ${row.record} held ` +
              `${row.show(before)}, now it holds ${row.show(after)}. Check it, then retry or discard.`,
          });
        }
      }
      return outcomes;
    },
  };

  /** The record's server id: known, or learnt from the done create it waited for; else why not. */
  async function targetOf(item: OperationRow, context: KindContext): Promise<number | RowOutcome> {
    if (item.target_id !== null) return item.target_id;
    const create = item.depends_on === null ? undefined : context.operation(item.depends_on);
    if (!create || create.state === 'discarded') {
      return {
        state: 'parked',
        code: CREATE_DISCARDED,
        text: `The ${row.record} this write was for (operation ${item.depends_on}) was discarded, so it does not exist on the back office. Discard this write too, or queue it on another ${row.record}.`,
      };
    }
    const createRow = writeTable[create.kind as WriteKind];
    const found =
      create.state === 'done' &&
      create.server_id === null &&
      createRow.shape === 'keyedCreate' &&
      create.unique_number
        ? await createRow.findByKey(context.client, create.unique_number, create.created_at)
        : (create.server_id ?? undefined);
    if (found !== undefined) return found;
    return {
      state: 'parked',
      code: CREATE_NOT_FOUND,
      text: `The ${row.record} this write is for (operation ${create.id}) was sent, but the back office's list does not show it yet. Retry later.`,
    };
  }
}

function paymentOf(item: OperationRow): PaymentFields | undefined {
  const parsed = parseJson(item.payload);
  if (typeof parsed !== 'object' || parsed === null || !('payment' in parsed)) return undefined;
  const payment = (parsed as { payment: unknown }).payment;
  if (typeof payment !== 'object' || payment === null) return undefined;
  const { paymentamount, paymentmethod, paymentdate } = payment as Record<string, unknown>;
  if (typeof paymentamount !== 'number' || typeof paymentmethod !== 'string') return undefined;
  return { paymentamount, paymentmethod, ...(typeof paymentdate === 'string' ? { paymentdate } : {}) };
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Every row of the table as a kind, built by its shape. A Record over WriteKind: a table row without
 * its line here does not compile (the delta's snapshot type is the row's own, hence one line each).
 */
const kindsByName: Record<WriteKind, OperationKind> = {
  addIncome: keyedCreateKind('addIncome', writeTable.addIncome),
  addExpense: keyedCreateKind('addExpense', writeTable.addExpense),
  addMoneyTransfer: keyedCreateKind('addMoneyTransfer', writeTable.addMoneyTransfer),
  incomePayment: deltaKind('incomePayment', writeTable.incomePayment),
  expensePayment: deltaKind('expensePayment', writeTable.expensePayment),
  addQuotation: keyedCreateKind('addQuotation', writeTable.addQuotation),
};

export const writeKinds: readonly OperationKind[] = Object.values(kindsByName);
