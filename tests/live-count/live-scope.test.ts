// Issue 23: the count's scope holds on members. The host's welcome carries its scope (protocol 4);
// the member's session covers the same products or categories, so a member's scan outside it is
// counted and flagged there as on the host, and a member whose catalogue lacks some of the scope's
// products or categories still joins with the host's scope as the host has it. A products scope as
// large as a session may list (MAX_SCOPE_PRODUCTS) fits the welcome.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Category } from '../../src-shared/api/records.js';
import { MAX_SCOPE_PRODUCTS } from '../../src-shared/ipc/schemas/counting.js';
import { WAREHOUSE } from '../counting/support/counting-fixture.js';
import { LivePcs, WAIT, type Pc } from './support/live-pcs.js';

const pcs = new LivePcs([
  { id: 1, sku: 'A', stock: 10, categoryId: 7 },
  { id: 2, sku: 'B', stock: 20, categoryId: 7 },
  { id: 3, sku: 'C', stock: 30, categoryId: 8 },
]);
afterEach(() => pcs.cleanUp());

function inScopeBySku(on: Pc, sessionId: string): Record<string, boolean> {
  return Object.fromEntries(
    on.counting
      .lines(sessionId)
      .flatMap((line) => (line.kind === 'product' ? [[line.product.sku, line.inScope] as const] : [])),
  );
}

describe('a live count’s scope on its members', () => {
  it('gives a member the host’s products scope; a scan outside it is flagged on both PCs', async () => {
    const host = pcs.pc('HOST');
    const sessionId = host.counting.createSession({
      warehouseCode: WAREHOUSE,
      name: 'Two products',
      scope: { kind: 'products', productIds: [1, 2] },
    }).id;
    const live = await pcs.host(host, sessionId);
    const one = pcs.pc('ONE');
    const member = await pcs.join(one, live, 'ONE');

    const session = one.counting.session(member.sessionId);
    expect(session.scope).toEqual({ kind: 'products', categories: [], products: 2 });
    expect(one.counting.scopeInput(member.sessionId)).toEqual({ kind: 'products', productIds: [1, 2] });
    one.counting.scan({ sessionId: member.sessionId, code: 'A', counter: 'One' });
    one.counting.scan({ sessionId: member.sessionId, code: 'C', counter: 'One' });
    member.notify();
    expect(inScopeBySku(one, member.sessionId)).toEqual({ A: true, C: false });
    await vi.waitFor(() => {
      expect(inScopeBySku(host, sessionId)).toEqual({ A: true, C: false });
    }, WAIT);
  });

  it('gives a member a categories scope, even categories its catalogue does not have yet', async () => {
    const host = pcs.pc('HOST');
    host.fixture.catalogue.replaceCategories([Category.parse({ id: 7, name: 'เครื่องดื่ม' })]);
    const sessionId = host.counting.createSession({
      warehouseCode: WAREHOUSE,
      name: 'Category 7',
      scope: { kind: 'categories', categoryIds: [7] },
    }).id;
    const live = await pcs.host(host, sessionId);
    const one = pcs.pc('ONE');
    // This PC's catalogue has never seen category 7 (its sync is behind the host's).
    expect(one.fixture.catalogue.categories()).toEqual([]);
    const member = await pcs.join(one, live, 'ONE');
    expect(one.counting.scopeInput(member.sessionId)).toEqual({ kind: 'categories', categoryIds: [7] });
    expect(one.counting.session(member.sessionId).scope).toEqual({
      kind: 'categories',
      categories: [{ id: 7, name: '' }],
      products: 0,
    });
    // Its products of category 7 are in the count's scope there as on the host.
    one.counting.scan({ sessionId: member.sessionId, code: 'A', counter: 'One' });
    one.counting.scan({ sessionId: member.sessionId, code: 'C', counter: 'One' });
    expect(inScopeBySku(one, member.sessionId)).toEqual({ A: true, C: false });
  });

  it(`fits a products scope of ${String(MAX_SCOPE_PRODUCTS)} products in the welcome`, async () => {
    const host = pcs.pc('HOST');
    const many = Array.from({ length: MAX_SCOPE_PRODUCTS }, (_, index) => ({ id: 1_000_000 + index }));
    host.fixture.seed(many);
    const productIds = many.map((product) => product.id);
    const sessionId = host.counting.createSession({
      warehouseCode: WAREHOUSE,
      name: 'Many',
      scope: { kind: 'products', productIds },
    }).id;
    const live = await pcs.host(host, sessionId);
    const one = pcs.pc('ONE');
    const member = await pcs.join(one, live, 'ONE');
    expect(one.counting.session(member.sessionId).scope.products).toBe(MAX_SCOPE_PRODUCTS);
    const given = one.counting.scopeInput(member.sessionId);
    expect(given.kind === 'products' && [...given.productIds].sort((a, b) => a - b)).toEqual(productIds);
  });
});
