// What the review's "labels of the products counted" (features/review/CountedLabels.svelte) opens,
// against a fake bridge: LabelsOpening over labelsForCountedSession. When main refuses the count's
// lines the opening says why in the page's words, in English and in Thai, with main's own text only
// behind Details — never an empty label dialog; read again, the refusal gives way to the labels.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { labelsForCountedSession } from '../../src-renderer/features/printing/label-items.js';
import { LabelsOpening } from '../../src-renderer/features/printing/labels-opening.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';
import { productLine, productSummary } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const SESSION = 'session-7';

let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge();
  locale.set('en');
});

describe('the labels of a committed count', () => {
  it('says main’s refusal of the count’s lines in the page’s words instead of an empty dialog', async () => {
    bridge.answer('counting.lines', refused('not-found', 'session session-7 not found', 'session-not-found'));
    const opening = new LabelsOpening(() => labelsForCountedSession(bridge, SESSION));
    await opening.gather();
    expect(bridge.argsOf('counting.lines')).toEqual([{ sessionId: SESSION }]);
    expect(opening.items).toEqual([]);
    expect(opening.refused).toEqual({
      sentence: 'What this names is no longer there. Reload the page, then try again.',
      details: 'session session-7 not found',
    });
    locale.set('th');
    expect(opening.refused?.sentence).toBe('ไม่พบสิ่งที่อ้างถึงแล้ว โหลดหน้านี้ใหม่ แล้วลองอีกครั้ง');
    // Nothing was looked up for labels that could not be gathered.
    expect(bridge.argsOf('catalogue.lookupMany')).toEqual([]);
  });

  it('a refusal with no reason is said by its code', async () => {
    bridge.answer('counting.lines', refused('internal', 'database is locked'));
    const opening = new LabelsOpening(() => labelsForCountedSession(bridge, SESSION));
    await opening.gather();
    expect(opening.refused?.sentence).toBe(
      'Something went wrong inside Stockroom. Try again; if it goes on, send the log to support.',
    );
    expect(opening.refused?.details).toBe('database is locked');
  });

  it('opened again once main reads the lines: the counted products’ labels, and no refusal', async () => {
    bridge
      .answer(
        'counting.lines',
        refused('internal', 'database is locked'),
        ok([productLine(1, 11, 4, SESSION), productLine(2, 12, 0, SESSION)]),
      )
      .answer(
        'catalogue.lookupMany',
        ok([{ ...productSummary(11), barcode: '8850000000011', sellprice: 25 }]),
      );
    const opening = new LabelsOpening(() => labelsForCountedSession(bridge, SESSION));
    await opening.gather();
    expect(opening.refused).not.toBeNull();
    await opening.gather();
    expect(opening.refused).toBeNull();
    expect(bridge.argsOf('catalogue.lookupMany')).toEqual([{ codes: ['SKU-11'] }]);
    expect(opening.items).toEqual([
      { code: '8850000000011', name: 'P11', sku: 'SKU-11', price: 25, defaultCopies: 4 },
    ]);
  });
});
