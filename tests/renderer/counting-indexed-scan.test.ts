// The counting page's state when a scan of a product not on a line yet is shown before main answers,
// because the session's code index names it (features/counting/code-index.ts, optimistic-scans.ts),
// against a fake bridge: the made-up line at once, main's answer taking its place (one row, never
// two), a second scan before the first answer, a wrong guess and a refusal put right, and a code the
// index does not hold waiting for main.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { barcodeKey } from '../../src-shared/barcode/index.js';
import type { CountLine, IndexedCode, IpcResult } from '../../src-shared/ipc/index.js';
import { CodeIndex } from '../../src-renderer/features/counting/code-index.js';
import { CountingSession } from '../../src-renderer/features/counting/counting.svelte.js';
import { FakeBridge, held, ok, refused, settled } from './support/fake-bridge.js';
import { session } from './support/counting-page.js';
import { productLine, SESSION_ID } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));
const cues = vi.hoisted(() => [] as string[]);
vi.mock('../../src-renderer/lib/sounds.js', () => ({ playCue: (cue: string) => cues.push(cue) }));

/** What main's code index says of product `productId` (as productLine's fixture has it). */
function indexed(productId: number, expected = 5): IndexedCode {
  const { product } = productLine(0, productId, 0);
  // Keyed as main keys it (a 12-digit fixture code that is a valid UPC-A is keyed as its EAN-13).
  return { key: barcodeKey(product.barcode) ?? product.barcode, units: 1, packCode: null, product, expected };
}

type ScanAnswer = IpcResult<CountLine, never> | Promise<IpcResult<CountLine, never>>;

describe('a scan the code index names, shown before main answers', () => {
  let bridge: FakeBridge;
  let scanAnswers: ScanAnswer[];
  const barcodeOf = (productId: number) => indexed(productId).product.barcode;

  beforeEach(() => {
    bridge = new FakeBridge();
    cues.length = 0;
    scanAnswers = [];
    bridge.answer('counting.scan', async () => {
      const next = scanAnswers.shift();
      if (next === undefined) throw new Error('no answer left for counting.scan');
      return next;
    });
  });

  /** A session with these lines whose code index (two pages) names products 10, 11 and 12. */
  async function opened(lines: CountLine[] = []): Promise<CountingSession> {
    bridge
      .answer('counting.session', ok(session))
      .answer('counting.lines', ok(lines))
      .answer(
        'counting.codeIndex',
        ok({ entries: [indexed(10), indexed(11)], next: barcodeOf(11) }),
        ok({ entries: [indexed(12, 0)], next: null }),
      );
    const counting = new CountingSession(SESSION_ID, bridge);
    await counting.load();
    await settled();
    expect(bridge.argsOf('counting.codeIndex')).toEqual([
      { sessionId: SESSION_ID },
      { sessionId: SESSION_ID, after: barcodeOf(11) },
    ]);
    return counting;
  }

  it("shows a new line at once, current, and puts main's line in its place with the cue", async () => {
    const counting = await opened([productLine(1, 20, 3)]);
    const answer = held<IpcResult<CountLine, never>>();
    scanAnswers.push(answer.promise);

    const scanned = counting.scan(barcodeOf(12));
    // Synchronously, before main answers: the product's line at the front with 1, made up by the page.
    const [shown] = counting.lines;
    expect(shown).toMatchObject({ kind: 'product', product: { id: 12 }, counted: 1, expected: 0 });
    expect(shown?.lineId).toBeLessThan(0);
    expect(counting.lines.map((line) => line.lineId).slice(1)).toEqual([1]);
    expect(counting.currentLineId).toBe(shown?.lineId);
    expect(counting.last).toMatchObject({ status: 'ok', line: { product: { id: 12 }, counted: 1 } });
    expect(cues).toEqual([]);

    answer.release(ok(productLine(7, 12, 1)));
    await scanned;
    expect(counting.lines).toEqual([productLine(7, 12, 1), productLine(1, 20, 3)]);
    expect(counting.currentLineId).toBe(7);
    expect(cues).toEqual(['ok']);
  });

  it('adds a second scan to the same made-up line, and keeps both once main answers them one by one', async () => {
    const counting = await opened();
    const answers = [held<IpcResult<CountLine, never>>(), held<IpcResult<CountLine, never>>()];
    scanAnswers.push(...answers.map((answer) => answer.promise));

    const scanned = [counting.scan(barcodeOf(10)), counting.scan(barcodeOf(10))];
    expect(counting.lines).toHaveLength(1);
    expect(counting.lines[0]).toMatchObject({ product: { id: 10 }, counted: 2, scans: 2 });

    answers[0]?.release(ok(productLine(4, 10, 1)));
    await settled();
    // Main's line with the scan still on its way added: one row, 2.
    expect(counting.lines).toEqual([{ ...productLine(4, 10, 2), scans: 2 }]);
    answers[1]?.release(ok(productLine(4, 10, 2)));
    await Promise.all(scanned);
    expect(counting.lines).toEqual([productLine(4, 10, 2)]);
  });

  it('follows main when it counted another product, and takes a refused scan back off', async () => {
    const counting = await opened([productLine(1, 20, 3)]);
    const wrong = held<IpcResult<CountLine, never>>();
    scanAnswers.push(wrong.promise);
    const scanned = counting.scan(barcodeOf(11));
    expect(counting.lines[0]).toMatchObject({ product: { id: 11 } });
    // The code meant product 13 by the time main read it (a sync moved the barcode).
    wrong.release(ok(productLine(8, 13, 1)));
    await scanned;
    expect(counting.lines).toEqual([productLine(8, 13, 1), productLine(1, 20, 3)]);

    scanAnswers.push(refused('conflict', 'The session is committed.'));
    await counting.scan(barcodeOf(10));
    expect(counting.lines).toEqual([productLine(8, 13, 1), productLine(1, 20, 3)]);
    expect(counting.last).toMatchObject({ status: 'error', message: 'The session is committed.' });
    expect(cues).toEqual(['ok', 'error']);
  });

  it('waits for main on a code the index does not hold, and on a product already on a line adds to it', async () => {
    const counting = await opened([productLine(3, 10, 2)]);
    const answer = held<IpcResult<CountLine, never>>();
    scanAnswers.push(answer.promise, ok(productLine(3, 10, 3)));

    const unknown = counting.scan('2990000000001');
    expect(counting.lines).toEqual([productLine(3, 10, 2)]);
    answer.release(ok(productLine(9, 30, 1)));
    await unknown;

    const known = counting.scan(barcodeOf(10));
    expect(counting.lines[0]).toMatchObject({ lineId: 3, counted: 3 });
    await known;
    expect(counting.lines.map((line) => line.lineId)).toEqual([3, 9]);
  });
});

describe('the page’s copy of the code index', () => {
  it('stops reading at its limit, on a refusal and when the page leaves', async () => {
    const pageOf = (...ids: number[]) =>
      ok({ entries: ids.map((id) => indexed(id)), next: `after-${ids.join()}` });
    const bridge = new FakeBridge().answer('counting.codeIndex', pageOf(1, 2), pageOf(3, 4), pageOf(5, 6));
    const capped = new CodeIndex(3);
    await capped.load(bridge, SESSION_ID);
    expect(capped.size).toBe(4);
    expect(bridge.argsOf('counting.codeIndex')).toHaveLength(2);
    expect(capped.find(indexed(3).product.barcode)?.product.id).toBe(3);

    const refusing = new FakeBridge().answer(
      'counting.codeIndex',
      pageOf(1),
      refused('not-found', 'No such session.'),
      pageOf(2),
    );
    const refused1 = new CodeIndex();
    await refused1.load(refusing, SESSION_ID);
    expect(refused1.size).toBe(1);

    const leaving = new FakeBridge().answer('counting.codeIndex', pageOf(1), pageOf(2));
    const left = new CodeIndex();
    const loading = left.load(leaving, SESSION_ID);
    left.stop();
    await loading;
    expect(left.size).toBe(0);
  });
});
