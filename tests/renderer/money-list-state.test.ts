// The Money page's lists (features/money/money-list.svelte.ts) against a fake bridge: the tabs, the
// filter as the contract wants it, a refused filter field named, totals, paging and the chosen row.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallArgs, CallValue, IpcResult } from '../../src-shared/ipc/index.js';
import { typedArg } from '../../src-renderer/lib/form-input.js';
import { MONEY_RULE } from '../../src-shared/domain/typed-number.js';
import { MoneyList, NO_FILTER, PAGE_SIZE } from '../../src-renderer/features/money/money-list.svelte.js';
import { FakeBridge, held, ok, settled } from './support/fake-bridge.js';
import { coverage, invalid, records, transfer } from './support/money-answers.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
});

describe('typedArg', () => {
  it('sends a figure the rule accepts as its exact value, and any other text as typed for main to name', () => {
    expect(typedArg('1,250.50', MONEY_RULE)).toBe(1250.5);
    expect(typedArg(' ฿ 80 ', MONEY_RULE)).toBe(80);
    expect(typedArg('.5', MONEY_RULE)).toBe(0.5);
    expect(typedArg('-5', MONEY_RULE)).toBe('-5');
    expect(typedArg('', MONEY_RULE)).toBe('');
    expect(typedArg('12abc', MONEY_RULE)).toBe('12abc');
    expect(typedArg('1.2.3', MONEY_RULE)).toBe('1.2.3');
  });
});

describe('MoneyList', () => {
  it('reads the incomes first, then the tab chosen, with totals and coverage', async () => {
    bridge
      .answer('money.list', records(3))
      .answer(
        'money.transfers',
        ok({ total: 1, offset: 0, items: [transfer(1)], totals: { count: 1, amount: 500 }, coverage }),
      );
    const list = new MoneyList(bridge);

    await list.load();
    expect(bridge.argsOf('money.list')).toEqual([{ kind: 'income', offset: 0, limit: PAGE_SIZE }]);
    expect(list.records.map((record) => record.id)).toEqual([1, 2, 3]);
    expect(list.totals).toEqual({ count: 3, amount: 321, paymentAmount: 0, outstanding: 321 });
    expect(list.coverage).toEqual(coverage);

    await list.showTab('expense');
    expect(bridge.argsOf('money.list')[1]).toEqual({ kind: 'expense', offset: 0, limit: PAGE_SIZE });
    expect(list.records.every((record) => record.kind === 'expense')).toBe(true);

    await list.showTab('transfer');
    expect(list.transfers.map((item) => item.id)).toEqual([1]);
    expect(list.totals).toBeNull();
    expect(list.transferTotals).toEqual({ count: 1, amount: 500 });
    expect(list.rowCount).toBe(1);
  });

  it('sends the filter as the contract wants it: empty fields left out, amounts as numbers', async () => {
    bridge.answer('money.list', records(1));
    const list = new MoneyList(bridge);

    await list.applyFilter({
      dateFrom: ' 2026-11-01 ',
      dateTo: '',
      amountMin: '1,000',
      amountMax: '',
      keyword: '  rice ',
      statuses: ['Pending', 'Partial Payment'],
    });

    expect(bridge.argsOf('money.list')).toEqual([
      {
        kind: 'income',
        dateFrom: '2026-11-01',
        amountMin: 1000,
        keyword: 'rice',
        paymentStatus: ['Pending', 'Partial Payment'],
        offset: 0,
        limit: PAGE_SIZE,
      },
    ]);
  });

  it('names a refused filter field and keeps the rows of the last good filter', async () => {
    bridge.answer('money.list', records(2), invalid('dateFrom', 'must be a date yyyy-MM-dd'));
    const list = new MoneyList(bridge);
    await list.load();

    await list.applyFilter({ ...NO_FILTER, dateFrom: '24/11/2026' });

    expect(list.issues.get('dateFrom')?.message).toBe('must be a date yyyy-MM-dd');
    expect(list.error).toBeNull();
    expect(list.records.map((record) => record.id)).toEqual([1, 2]);
    expect(list.filter.dateFrom).toBe('24/11/2026');
  });

  it('pages forward and back within the total, and steps back when the list shrank', async () => {
    let total = 120;
    bridge.answer('money.list', (args) => records(total)(args));
    const list = new MoneyList(bridge);
    await list.load();

    await list.page(1);
    await list.page(1);
    expect(list.offset).toBe(100);
    await list.page(1); // past the end: nothing asked
    expect(bridge.argsOf('money.list')).toHaveLength(3);

    total = 30;
    await list.load();
    expect(list.offset).toBe(0);
    expect(list.records).toHaveLength(30);
  });

  it('moves the chosen row within the page', async () => {
    bridge.answer('money.list', records(3));
    const list = new MoneyList(bridge);
    await list.load();

    list.move(1);
    list.move(5);
    expect(list.selected).toBe(2);
    list.move(-9);
    expect(list.selected).toBe(0);
  });

  it('Alt+1 on the tab shown while its first read is on its way resolves once the rows are there', async () => {
    // The page puts the focus on the chosen row when showTab resolves: before the rows, there is none.
    const slow = held<IpcResult<CallValue<'money.list'>, never>>();
    bridge.answer('money.list', () => slow.promise);
    const list = new MoneyList(bridge);
    void list.load();
    await settled();
    let shown = false;
    const again = list.showTab('income').then(() => (shown = true));
    await settled();
    expect(shown).toBe(false);
    slow.release(records(2)({ kind: 'income' } as CallArgs<'money.list'>));
    await again;
    expect(list.rowCount).toBe(2);
  });

  it('drops an answer for a tab left while it was on its way', async () => {
    const slow = held<IpcResult<CallValue<'money.list'>, never>>();
    bridge
      .answer('money.list', () => slow.promise)
      .answer(
        'money.transfers',
        ok({ total: 1, offset: 0, items: [transfer(9)], totals: { count: 1, amount: 500 }, coverage }),
      );
    const list = new MoneyList(bridge);
    const first = list.load();
    await settled();
    const second = list.showTab('transfer');
    slow.release(records(2)({ kind: 'income' } as CallArgs<'money.list'>));
    await Promise.all([first, second]);

    expect(list.tab).toBe('transfer');
    expect(list.records).toEqual([]);
    expect(list.transfers.map((item) => item.id)).toEqual([9]);
  });
});
