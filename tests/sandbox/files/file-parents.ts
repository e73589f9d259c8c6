// Parents for attachment tests: orders and purchase orders through the seed support (they have no
// endpoints), quotations through AddQuotation.
import { expect } from 'vitest';
import type { StoreCredentials } from '../../../src-main/sandbox/index.js';
import {
  countParents,
  findParentByNumber,
  type OwnedParentKind,
} from '../../../src-main/sandbox/resources/files/attachment.repository.js';
import { seedOrdersAndPurchaseOrders } from '../../../src-main/sandbox/resources/files/index.js';
import type { TestSandbox } from '../../support/sandbox-harness.js';
import { callFor, storeId } from '../finance/sandbox-calls.js';

export interface Parent {
  readonly id: number;
  readonly number: string;
}

/** Two new orders and two new purchase orders in the store (numbers continue from the existing ones). */
export function addOrders(sandbox: TestSandbox, as?: StoreCredentials) {
  const { db } = sandbox.handle;
  const store = storeId(sandbox, as?.name);
  const counts = {
    order: countParents(db, store, 'order'),
    purchaseOrder: countParents(db, store, 'purchaseOrder'),
  };
  seedOrdersAndPurchaseOrders(db, store, 2);
  const parent = (kind: OwnedParentKind, prefix: string, index: number): Parent => {
    const number = `${prefix}-${String(counts[kind] + index).padStart(4, '0')}`;
    const row = findParentByNumber(db, store, kind, number);
    if (!row) throw new Error(`${number} was not seeded`);
    return row;
  };
  return {
    orders: [parent('order', 'SO', 1), parent('order', 'SO', 2)] as [Parent, Parent],
    purchaseOrders: [parent('purchaseOrder', 'PO', 1), parent('purchaseOrder', 'PO', 2)] as [Parent, Parent],
  };
}

let quotationSequence = 0;

/** A new quotation without lines (so it needs no products). */
export async function addQuotation(sandbox: TestSandbox, as?: StoreCredentials): Promise<Parent> {
  quotationSequence += 1;
  const number = `QT-FILES-${quotationSequence}`;
  const answer = await callFor(sandbox, 'AddQuotation', {
    body: { number, amount: 100 },
    ...(as ? { as } : {}),
  });
  expect(answer.description).toBe('Success');
  return { id: (answer.body['detail'] as { id: number }).id, number };
}
