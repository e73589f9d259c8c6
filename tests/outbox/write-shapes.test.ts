// The keyless-create and record-write shapes of the write-kind table, decided against the real
// sandbox: what a reconciliation concludes from the back office's read-back after an unclear failure.
// The rows are the test's own (the resource modules declare the app's); the kinds are the app's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KindContext } from '../../src-main/outbox/core/operation-kind.js';
import type { OperationRow } from '../../src-main/outbox/core/operation-types.js';
import { kindOf } from '../../src-main/outbox/writes/write-kinds.js';
import { absoluteChange, keylessCreate } from '../../src-main/outbox/writes/write-rows.js';
import { CHANGED_MEANWHILE, UNCERTAIN_CREATE } from '../../src-main/outbox/core/write-reasons.js';
import { startOutboxFixture, type OutboxFixture } from './support/outbox-fixture.js';

const warehouseRow = keylessCreate({
  endpoint: 'AddWarehouse',
  record: 'warehouse',
  findCreated: async (client, body) => {
    const { list } = await client.call('GetWarehouses', { query: { limit: 500 } });
    const found = list.find((warehouse) => warehouse.code === body.code);
    if (!found) return { found: 'none' };
    return found.name === body.name
      ? { found: 'same', id: found.id }
      : { found: 'different', id: found.id, held: `the name ${found.name}` };
  },
  describe: (body) => `New warehouse ${body.code}`,
});

const disableRow = absoluteChange({
  endpoint: 'DisableProduct',
  record: 'product',
  after: [],
  readBack: async (client, { id }) => {
    const detail = await client.call('GetProductDetail', { id });
    return { active: detail.active ?? null, name: detail.name ?? '' };
  },
  reached: (snapshot) => snapshot.active === false,
  show: (snapshot) => `${snapshot.name} (${snapshot.active ? 'active' : 'disabled'})`,
  describe: (_args, record) => `Disable ${record}`,
});

let nextId = 1;
function operation(fields: Partial<OperationRow>): OperationRow {
  const now = Date.now();
  return {
    id: nextId++,
    kind: 'test',
    order_key: 'k',
    batch_key: 'b',
    state: 'unclear',
    warehouse_code: null,
    product_id: null,
    sku: null,
    change: null,
    value: null,
    counted_against: null,
    policy: null,
    session_id: null,
    payload: null,
    unique_number: null,
    attempts: 1,
    next_attempt_at: null,
    server_before: null,
    sent_target: null,
    reason_code: null,
    reason_text: null,
    outcome: null,
    result_figure: null,
    superseded_by: null,
    created_at: now,
    updated_at: now,
    finished_at: null,
    description: null,
    depends_on: null,
    target_id: null,
    server_id: null,
    readback_before: null,
    maybe_delivered: 0,
    ...fields,
  };
}

describe('write shapes against the sandbox', () => {
  let fx: OutboxFixture;
  let context: KindContext;
  beforeAll(async () => {
    fx = await startOutboxFixture({ products: 5 });
    context = {
      client: fx.client(),
      batchLimit: 1,
      operation: () => undefined,
    };
  });
  afterAll(() => fx.close());

  it('keyless create: absent → resend, the same record → applied with its id, another → a person', async () => {
    const kind = kindOf('addWarehouse', warehouseRow);
    const body = { code: 'WT-SHAPE-1', name: 'Back room' };
    const row = operation({ payload: JSON.stringify(body) });

    expect((await kind.reconcile([row], context)).get(row.id)).toEqual({ state: 'pending' });

    const sent = (await kind.send([row], context)).get(row.id);
    expect(sent).toMatchObject({ state: 'done', outcome: 'applied' });
    const id = sent?.state === 'done' ? sent.serverId : undefined;
    expect(id).toBeGreaterThan(0);
    expect((await kind.reconcile([row], context)).get(row.id)).toEqual({
      state: 'done',
      outcome: 'reconciled',
      serverId: id,
    });

    const other = operation({ payload: JSON.stringify({ ...body, name: 'Front room' }) });
    const verdict = (await kind.reconcile([other], context)).get(other.id);
    expect(verdict).toMatchObject({ state: 'parked', code: UNCERTAIN_CREATE });
    expect(verdict?.state === 'parked' ? verdict.text : '').toContain('the name Back room');
  });

  it('absolute change: as before → resend, reached → applied, moved elsewhere → a person', async () => {
    const kind = kindOf('disableProduct', disableRow);
    const row = operation({ target_id: 1, payload: JSON.stringify({ args: {} }) });
    const prepared = await kind.prepare([row], context);
    const readBefore = prepared.send[0]?.readBefore ?? null;
    expect(JSON.parse(readBefore ?? 'null')).toMatchObject({ active: true });
    const unclear = { ...row, readback_before: readBefore };

    expect((await kind.reconcile([unclear], context)).get(row.id)).toEqual({ state: 'pending' });
    await context.client.call('DisableProduct', { id: 1 });
    expect((await kind.reconcile([unclear], context)).get(row.id)).toEqual({
      state: 'done',
      outcome: 'reconciled',
    });

    // Someone renamed the product meanwhile and it is active again: neither before nor ours.
    await context.client.call('ActiveProduct', { id: 1 });
    await context.client.call('UpdateProduct', { id: 1, body: { name: 'Renamed elsewhere' } });
    const verdict = (await kind.reconcile([unclear], context)).get(row.id);
    expect(verdict).toMatchObject({ state: 'parked', code: CHANGED_MEANWHILE });
    expect(verdict?.state === 'parked' ? verdict.text : '').toContain('Renamed elsewhere (active)');
  });

  it('a write on a record made here takes the id of its done create; a discarded create parks it', async () => {
    const kind = kindOf('disableProduct', disableRow);
    const create = operation({ kind: 'addIncome', state: 'done', server_id: 2 });
    const waiting = operation({ depends_on: create.id, payload: JSON.stringify({ args: {} }) });
    const withCreate: KindContext = {
      ...context,
      operation: (id) => (id === create.id ? create : undefined),
    };
    expect((await kind.prepare([waiting], withCreate)).send[0]).toMatchObject({ targetId: 2 });

    const gone: KindContext = { ...context, operation: () => ({ ...create, state: 'discarded' }) };
    expect((await kind.prepare([waiting], gone)).settled.get(waiting.id)).toMatchObject({
      state: 'parked',
      code: 'CREATE_DISCARDED',
    });
  });
});
