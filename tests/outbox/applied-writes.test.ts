// What a done row leaves on the back office (appliedWrites), figure by figure: the answer's figure when
// it carries one, else the known outcome (an absolute set, a count's target, a delta on the figure read
// before sending), and nothing when the result is unknown (the next pull brings it).
import { describe, expect, it } from 'vitest';
import { appliedWrites } from '../../src-main/outbox/applied-writes.js';
import type { OperationRow } from '../../src-main/outbox/index.js';

function stockRow(changes: Partial<OperationRow>): OperationRow {
  return {
    id: 1,
    kind: 'stockChange',
    order_key: 'k',
    batch_key: 'b',
    state: 'sending',
    warehouse_code: 'W0001',
    product_id: 9,
    sku: 'SKU-9',
    change: 'set',
    value: 5,
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
    created_at: 0,
    updated_at: 0,
    finished_at: null,
    description: null,
    depends_on: null,
    target_id: null,
    server_id: null,
    readback_before: null,
    maybe_delivered: 0,
    ...changes,
  };
}

const applied = { state: 'done', outcome: 'applied' } as const;
const stock = (figure: number) => [{ kind: 'stock', warehouseCode: 'W0001', productId: 9, stock: figure }];

describe('appliedWrites', () => {
  it('takes the figure the answer carries', () => {
    expect(
      appliedWrites([[stockRow({ change: 'increase', value: 2 }), { ...applied, resultFigure: 12 }]]),
    ).toEqual(stock(12));
  });

  it('without one: a set is its value, a count its target, a delta the figure before ± the value', () => {
    expect(appliedWrites([[stockRow({ change: 'set', value: 5 }), applied]])).toEqual(stock(5));
    expect(
      appliedWrites([[stockRow({ kind: 'stockCount', change: 'count', value: 7, sent_target: 6 }), applied]]),
    ).toEqual(stock(6));
    expect(
      appliedWrites([[stockRow({ change: 'increase', value: 0.1, server_before: 0.2 }), applied]]),
    ).toEqual(stock(0.3));
    expect(appliedWrites([[stockRow({ change: 'decrease', value: 3, server_before: 10 }), applied]])).toEqual(
      stock(7),
    );
    expect(
      appliedWrites([
        [
          stockRow({ change: 'increase', value: 0, server_before: 4 }),
          { state: 'done', outcome: 'notUpdated' },
        ],
      ]),
    ).toEqual(stock(4));
  });

  it('available stock is its own figure', () => {
    expect(appliedWrites([[stockRow({ change: 'setAvailable', value: 3 }), applied]])).toEqual([
      { kind: 'availableStock', warehouseCode: 'W0001', productId: 9, availablestock: 3 },
    ]);
  });

  it('leaves unknown results to the next pull: a delta with no figure before, a line known only by sku', () => {
    expect(appliedWrites([[stockRow({ change: 'increase', value: 2 }), applied]])).toEqual([]);
    expect(appliedWrites([[stockRow({ product_id: null }), applied]])).toEqual([]);
  });

  it('a barcode assignment is its payload; an unreadable payload gives nothing', () => {
    const barcodeRow = (payload: string) =>
      stockRow({ kind: 'productBarcode', product_id: null, warehouse_code: null, change: null, payload });
    expect(
      appliedWrites([[barcodeRow(JSON.stringify({ productId: 3, sku: 'A', barcode: 'BIN-1' })), applied]]),
    ).toEqual([{ kind: 'barcode', productId: 3, barcode: 'BIN-1' }]);
    expect(appliedWrites([[barcodeRow('{not json'), applied]])).toEqual([]);
  });
});
