// The sessions page's state (features/sessions/sessions.svelte.ts) against a fake bridge: the categories
// a new session may count, and the scope each choice of the form sends to counting.createSession (the
// counter too); a products list is looked up code by code, and codes no product has are named instead
// of creating a session that counts the wrong things.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  scopeCodes,
  SessionList,
  type NewSession,
} from '../../src-renderer/features/sessions/sessions.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';
import { productSummary, sessionView } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const created = sessionView({
  name: 'W1 count',
  warehouseCode: 'W1',
  warehouseName: 'Main',
  startedBy: 'Somchai',
});

const base: NewSession = {
  warehouseCode: 'W1',
  name: '',
  counter: '  Somchai ',
  blind: false,
  driftPolicy: 'ask',
  scope: { kind: 'warehouse' },
};

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge()
    .answer('counting.listSessions', ok([]))
    .answer('catalogue.warehouses', ok([{ id: 1, code: 'W1', name: 'Main', address: '', pending: false }]))
    .answer(
      'catalogue.categories',
      ok([
        { id: 2, name: 'ขนม' },
        { id: 3, name: '' },
        { id: 1, name: 'เครื่องดื่ม' },
      ]),
    )
    .answer('counting.createSession', ok(created));
});

describe('SessionList', () => {
  it('lists the named categories, sorted as Thai reads them', async () => {
    const list = new SessionList(bridge);
    await list.load();
    expect(list.categories.map((category) => category.id)).toEqual([2, 1]);
  });

  it('sends the whole warehouse and the counter, trimmed', async () => {
    const list = new SessionList(bridge);
    expect(await list.create(base)).toBe('session-1');
    expect(bridge.argsOf('counting.createSession')).toEqual([
      {
        warehouseCode: 'W1',
        blind: false,
        driftPolicy: 'ask',
        scope: { kind: 'warehouse' },
        counter: 'Somchai',
      },
    ]);
  });

  it('sends the chosen categories; none chosen is named and nothing is created', async () => {
    const list = new SessionList(bridge);
    expect(
      await list.create({ ...base, counter: '', scope: { kind: 'categories', categoryIds: [] } }),
    ).toBeNull();
    expect(list.scopeProblem).toEqual({ kind: 'noneChosen' });
    expect(bridge.argsOf('counting.createSession')).toEqual([]);

    await list.create({ ...base, counter: '', scope: { kind: 'categories', categoryIds: [2, 1] } });
    expect(list.scopeProblem).toBeNull();
    expect(bridge.argsOf('counting.createSession')[0]?.scope).toEqual({
      kind: 'categories',
      categoryIds: [2, 1],
    });
  });

  it('looks the typed codes up in one call and sends the products once each', async () => {
    bridge.answer('catalogue.lookupMany', (args) =>
      ok(
        args.codes.map((code) =>
          code === 'SKU-7' || code === '8850007' ? productSummary(7) : productSummary(9),
        ),
      ),
    );
    const list = new SessionList(bridge);
    await list.create({ ...base, scope: { kind: 'products', codes: 'SKU-7\n8850007\n\n  SKU-9, SKU-9' } });
    expect(bridge.argsOf('catalogue.lookupMany').map((args) => args.codes)).toEqual([
      ['SKU-7', '8850007', 'SKU-9'],
    ]);
    expect(bridge.argsOf('counting.createSession')[0]?.scope).toEqual({
      kind: 'products',
      productIds: [7, 9],
    });
  });

  it('names the codes no product has and creates nothing', async () => {
    bridge.answer('catalogue.lookupMany', (args) =>
      ok(args.codes.map((code) => (code === 'SKU-7' ? productSummary(7) : null))),
    );
    const list = new SessionList(bridge);
    expect(
      await list.create({ ...base, scope: { kind: 'products', codes: 'SKU-7\nNOPE\nGONE' } }),
    ).toBeNull();
    expect(list.scopeProblem).toEqual({ kind: 'unknownCodes', codes: ['NOPE', 'GONE'] });
    expect(bridge.argsOf('counting.createSession')).toEqual([]);
  });

  it("shows main's refusal of the session", async () => {
    bridge = new FakeBridge().answer('counting.createSession', refused('not-found', 'No such category.'));
    const list = new SessionList(bridge);
    expect(await list.create({ ...base, scope: { kind: 'categories', categoryIds: [99] } })).toBeNull();
    expect(list.error).toBe('No such category.');
  });
});

describe('scopeCodes', () => {
  it('splits on lines, blanks, commas and semicolons, each code once', () => {
    expect(scopeCodes(' A\nB, C;A\n\n')).toEqual(['A', 'B', 'C']);
    expect(scopeCodes('   ')).toEqual([]);
  });
});
