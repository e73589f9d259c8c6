// GetMovementReturnPurchaseOrders and GetMovementReturnPurchaseOrderDetail over real HTTP: inclusive
// Thai-day ranges, newest first, paging, warehouse filter, required dates, unknown orders.
import { beforeAll, describe, expect, it } from 'vitest';
import { createdId, documentsSandboxForFile, line } from './support/documents-sandbox.js';

const s = documentsSandboxForFile();

async function addOrder(number: string, lines: ReturnType<typeof line>[], extra: Record<string, unknown>) {
  const amount = lines.reduce((sum, item) => sum + item.totalprice, 0);
  return createdId(await s.ok('AddReturnPurchaseOrder', { body: { number, amount, list: lines, ...extra } }));
}

describe('movements', () => {
  let moved: number[] = [];

  beforeAll(async () => {
    await s.addProduct('MV-1', 100, 'W0003');
    s.setNow(Date.parse('2026-05-10T03:00:00Z'));
    moved = [];
    for (const [day, warehousecode] of [
      ['2026-05-01', 'W0003'],
      ['2026-05-02', 'W0003'],
      ['2026-05-03', 'W0003'],
    ] as const) {
      const id = await addOrder(`RPO-MV-${day}`, [line('MV-1', 1, 10, 10)], { warehousecode });
      await s.ok('UpdateReturnPurchaseOrderStatus', { query: { id, actionDate: day } });
      moved.push(id);
    }
  });

  it('lists movements between two Thai days inclusive, newest first, with count and paging', async () => {
    const all = await s.ok('GetMovementReturnPurchaseOrders', {
      query: { dateafter: '2026-05-01', datebefore: '2026-05-03', warehousecode: 'W0003' },
    });
    expect(all['count']).toBe(3);
    expect((all['list'] as { id: number }[]).map((item) => item.id)).toEqual([...moved].reverse());
    const middle = await s.ok('GetMovementReturnPurchaseOrders', {
      query: { dateafter: '2026-05-02', datebefore: '2026-05-02' },
    });
    expect(middle['count']).toBe(1);
    expect(middle['list']).toEqual([
      expect.objectContaining({ id: moved[1], actionDateString: ['2026-05-02'] }),
    ]);
    const page2 = await s.ok('GetMovementReturnPurchaseOrders', {
      query: { dateafter: '2026-05-01', datebefore: '2026-05-03', limit: 2, page: 2 },
    });
    expect(page2['count']).toBe(3);
    expect((page2['list'] as { id: number }[]).map((item) => item.id)).toEqual([moved[0]]);
    const past = await s.ok('GetMovementReturnPurchaseOrders', {
      query: { dateafter: '2026-05-01', datebefore: '2026-05-03', limit: 2, page: 5 },
    });
    expect(past).toMatchObject({ list: [], count: 3 });
  });

  it('filters by warehouse, refuses an unknown one and requires both dates', async () => {
    const elsewhere = await s.ok('GetMovementReturnPurchaseOrders', {
      query: { dateafter: '2026-05-01', datebefore: '2026-05-03', warehousecode: 'W0002' },
    });
    expect(elsewhere['count']).toBe(0);
    const denied = await s.refused(
      'GetMovementReturnPurchaseOrders',
      { query: { dateafter: '2026-05-01', datebefore: '2026-05-03', warehousecode: 'NOPE' } },
      '100',
    );
    expect(denied).toBe('Access Denied.');
    await s.refusedField(
      'GetMovementReturnPurchaseOrders',
      { query: { datebefore: '2026-05-03' } },
      'dateafter',
    );
    await s.refusedField(
      'GetMovementReturnPurchaseOrders',
      { query: { dateafter: '2026-05-03' } },
      'datebefore',
    );
  });

  it('answers Invalid ID. for the movement of an unknown order or without id', async () => {
    await s.refused('GetMovementReturnPurchaseOrderDetail', { query: { id: 424242 } }, '100', 'Invalid ID.');
    await s.refused('GetMovementReturnPurchaseOrderDetail', { query: {} }, '100', 'Invalid ID.');
  });
});
