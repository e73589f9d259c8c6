// The label dialog's job (features/printing/label-job.svelte.ts) against a fake bridge (issue 25): it
// opens on the PC's last layout and remembers a new one; every item goes with the copies typed, for all
// or one an item (a selection); copies that are not a whole number from 1 are refused without asking main; main's refusal of a code is worded
// in the page's language naming the code; items without a code are left out.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const stored = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    document: { documentElement: { lang: '' } },
  });
});
import type { LabelLayout } from '../../src-shared/printing/label-layouts.js';
import type { LabelSheet } from '../../src-shared/printing/labels.js';
import { LabelJob, type LayoutMemory } from '../../src-renderer/features/printing/label-job.svelte.js';
import { printedNow, type PrintHost } from '../../src-renderer/features/printing/print-job.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { FakeBridge, ok } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const host: PrintHost = { fontsReady: () => Promise.resolve(), print: () => {} };
const items = [
  { code: '8850999220017', name: 'ข้าวหอมมะลิ', sku: 'A-1', price: 189 },
  { code: '  ', name: 'no code', sku: '', price: null },
  { code: 'SHELF-A-0001', name: 'ชั้น A', sku: '', price: null },
];

/** Main's sheet: its labels do not matter to the job, only which layout it is for. */
function sheetFor(layout: LabelLayout): LabelSheet {
  return { layout, labels: [] };
}

let bridge: FakeBridge;
let remembered: LabelLayout[];
let memory: LayoutMemory;

beforeEach(() => {
  locale.set('en');
  bridge = new FakeBridge();
  remembered = [];
  memory = {
    layout: 'a4-4x10',
    remember: (layout) => {
      remembered.push(layout);
      return Promise.resolve();
    },
  };
});

describe('LabelJob', () => {
  it('opens on the remembered layout, sends every coded item with the copies, remembers a new layout', async () => {
    bridge.answer('labels.sheet', (args) => ok(sheetFor(args.layout)));
    const job = new LabelJob(items, bridge, host, memory);
    expect(job.layout).toBe('a4-4x10');
    await job.load();
    await job.setCopies('3');
    await job.chooseLayout('roll-40x30');
    expect(remembered).toEqual(['roll-40x30']);
    expect(bridge.argsOf('labels.sheet')).toEqual([
      {
        layout: 'a4-4x10',
        items: [
          { ...items[0], copies: 1 },
          { ...items[2], copies: 1 },
        ],
      },
      {
        layout: 'a4-4x10',
        items: [
          { ...items[0], copies: 3 },
          { ...items[2], copies: 3 },
        ],
      },
      {
        layout: 'roll-40x30',
        items: [
          { ...items[0], copies: 3 },
          { ...items[2], copies: 3 },
        ],
      },
    ]);
    expect(job.labelCount).toBe(6);
    expect(job.pageCount).toBe(6);
    expect(printedNow.model).toEqual({ kind: 'labels', sheet: { layout: 'roll-40x30', labels: [] } });
    job.close();
    expect(printedNow.model).toBeNull();
  });

  it('begins each item at the units a count counted, refuses one that is no whole number, never rounds', async () => {
    bridge.answer('labels.sheet', (args) => ok(sheetFor(args.layout)));
    const rice = { code: '8850999220017', name: 'ข้าวหอมมะลิ', sku: 'A-1', price: 189 };
    const shelf = { code: 'SHELF-A-0001', name: 'ชั้น A', sku: '', price: null };
    const counted = [
      { ...rice, defaultCopies: 12 },
      { ...shelf, defaultCopies: 2.5 },
    ];
    const job = new LabelJob(counted, bridge, host, memory);
    expect([job.itemCopiesText(0), job.itemCopiesText(1)]).toEqual(['12', '2.5']);
    await job.load();
    expect(job.error).toBe('Copies of SHELF-A-0001 must be a whole number from 1 to 500.');
    expect(bridge.calls).toHaveLength(0);
    await job.setItemCopies(1, '3');
    // Main gets the label item without the page's default, with the copies as they now stand.
    expect(bridge.argsOf('labels.sheet')).toEqual([
      {
        layout: 'a4-4x10',
        items: [
          { ...rice, copies: 12 },
          { ...shelf, copies: 3 },
        ],
      },
    ]);
    // One item: "copies of each" shows its default.
    expect(new LabelJob([{ ...rice, defaultCopies: 7 }], bridge, host, memory).copiesText).toBe('7');
  });

  it('refuses copies that are not a whole number from 1, without asking main', async () => {
    bridge.answer('labels.sheet', (args) => ok(sheetFor(args.layout)));
    const job = new LabelJob(items, bridge, host, memory);
    for (const typed of ['0', '1.5', '-2', 'two', '501']) {
      await job.setCopies(typed);
      expect(job.error).toBe('Copies must be a whole number from 1 to 500.');
      expect(job.sheet).toBeNull();
    }
    await job.setCopies('๒'); // Thai digits are digits
    expect(job.copies).toBe(2);
    expect(bridge.calls).toHaveLength(1);
  });

  it('sends each item with its own copies, refusing one item’s wrong figure by its code', async () => {
    bridge.answer('labels.sheet', (args) => ok(sheetFor(args.layout)));
    const job = new LabelJob(items, bridge, host, memory);
    await job.load();
    expect(job.items.map((item) => item.code)).toEqual(['8850999220017', 'SHELF-A-0001']);
    await job.setItemCopies(1, '4');
    expect(
      bridge
        .argsOf('labels.sheet')
        .at(-1)
        ?.items.map((item) => item.copies),
    ).toEqual([1, 4]);
    expect(job.labelCount).toBe(5);
    expect(job.pageCount).toBe(1); // 5 labels of an A4 4 × 10 sheet
    await job.setItemCopies(0, '2.5');
    expect(job.error).toBe('Copies of 8850999220017 must be a whole number from 1 to 500.');
    expect(job.sheet).toBeNull();
    expect(bridge.calls).toHaveLength(2);
    // The copies of each set every item's figure again.
    await job.setCopies('3');
    expect(
      bridge
        .argsOf('labels.sheet')
        .at(-1)
        ?.items.map((item) => item.copies),
    ).toEqual([3, 3]);
    expect(job.itemCopiesText(1)).toBe('3');
  });

  it('words main’s refusal of a code in the page’s language, naming the code', async () => {
    bridge.answer('labels.sheet', {
      ok: false,
      error: {
        code: 'invalid-arguments',
        message: 'The code "SHELF-A-0001" is too long for a roll-40x30 label',
        reason: 'label-code-too-wide',
        issues: [{ path: 'items.1.code', message: 'too long' }],
      },
    });
    const job = new LabelJob(items, bridge, host, memory);
    await job.load();
    expect(job.error).toBe('The code SHELF-A-0001 is too long for this label: pick a wider label.');
    locale.set('th');
    expect(job.error).toBe('รหัส SHELF-A-0001 ยาวเกินฉลากขนาดนี้ เลือกฉลากที่กว้างกว่า');
  });
});
