// The counting page's state (features/counting/counting.svelte.ts) against a fake bridge: what it asks
// main, in which order, and what it shows after an answer and after a refusal (the big display's last
// outcome, the lines, the current line, the error or undo notice), with the cue each outcome plays.
// A repeat scan painted before main answers has its own file: counting-early-scan.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountLine, IpcResult } from '../../src-shared/ipc/index.js';
import { CountingSession } from '../../src-renderer/features/counting/counting.svelte.js';
import { FakeBridge, held, ok, refused, settled } from './support/fake-bridge.js';
import { loaded, session, unknownLine } from './support/counting-page.js';
import { productLine, SESSION_ID } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));
const cues = vi.hoisted(() => [] as string[]);
vi.mock('../../src-renderer/lib/sounds.js', () => ({ playCue: (cue: string) => cues.push(cue) }));

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
  cues.length = 0;
});

describe('load', () => {
  it('reads the session and its lines, and sorts the lines into products and open unknown codes', async () => {
    const counting = await loaded(bridge, [
      productLine(1, 10, 2),
      unknownLine(2, '111', 1),
      unknownLine(3, '222', 0), // undone to 0: no longer listed
    ]);

    expect(bridge.argsOf('counting.session')).toEqual([{ sessionId: SESSION_ID }]);
    // Newest first: the counting page lists the line changed last on top.
    expect(bridge.argsOf('counting.lines')).toEqual([{ sessionId: SESSION_ID, order: 'lastCounted' }]);
    expect(counting.session).toEqual(session);
    expect(counting.productLines.map((line) => line.lineId)).toEqual([1]);
    expect(counting.unknownLines.map((line) => line.lineId)).toEqual([2]);
    expect(counting.error).toBeNull();
  });

  it("shows main's words when the lines cannot be read", async () => {
    bridge
      .answer('counting.session', ok(session))
      .answer('counting.lines', refused('not-found', 'No such session.'));
    const counting = new CountingSession(SESSION_ID, bridge);
    await counting.load();

    expect(counting.session).toEqual(session);
    expect(counting.lines).toEqual([]);
    expect(counting.error).toBe('No such session.');
  });
});

describe('scan', () => {
  it('sends the code (and a prompted quantity), puts the line on screen as the current one, and beeps ok', async () => {
    const counting = await loaded(bridge, []);
    bridge.answer('counting.scan', ok(productLine(1, 10, 1)), ok(productLine(1, 10, 4)));

    await counting.scan('885000000010');
    await counting.scan('885000000010', { quantity: 3 });

    expect(bridge.argsOf('counting.scan')).toEqual([
      { sessionId: SESSION_ID, code: '885000000010' },
      { sessionId: SESSION_ID, code: '885000000010', quantity: 3 },
    ]);
    expect(counting.lines).toEqual([productLine(1, 10, 4)]);
    expect(counting.currentLineId).toBe(1);
    expect(counting.currentLine).toEqual(productLine(1, 10, 4));
    expect(counting.last).toEqual({ status: 'ok', line: productLine(1, 10, 4), repeated: false });
    expect(cues).toEqual(['ok', 'ok']);
  });

  it('shows an unknown code as unknown, and a repeat within the window as a warning', async () => {
    const counting = await loaded(bridge, []);
    bridge.answer('counting.scan', ok(unknownLine(7, '999', 1)), ok(unknownLine(7, '999', 2)));

    await counting.scan('999');
    expect(counting.last).toEqual({ status: 'unknown', line: unknownLine(7, '999', 1), repeated: false });
    expect(counting.unknownLines.map((line) => line.counted)).toEqual([1]);

    await counting.scan('999', { repeated: true });
    expect(counting.last).toEqual({ status: 'unknown', line: unknownLine(7, '999', 2), repeated: true });
    expect(cues).toEqual(['unknown', 'warning']);
  });

  it("shows a refused scan with main's words, keeps the lines, and sounds the error", async () => {
    const counting = await loaded(bridge, [productLine(1, 10, 2)]);
    bridge.answer('counting.scan', refused('conflict', 'The session is committed.'));

    await counting.scan('885000000010');

    expect(counting.last).toEqual({
      status: 'error',
      code: '885000000010',
      message: 'The session is committed.',
    });
    expect(counting.lines).toEqual([productLine(1, 10, 2)]);
    expect(cues).toEqual(['error']);
  });

  it('sends scans one after another in the order read: the second waits for the first answer', async () => {
    const counting = await loaded(bridge, []);
    const first = held<IpcResult<CountLine, never>>();
    bridge.answer('counting.scan', () => first.promise, ok(productLine(2, 20, 1)));

    const scanned = [counting.scan('A'), counting.scan('B')];
    await settled();
    expect(bridge.argsOf('counting.scan').map((args) => args.code)).toEqual(['A']);

    first.release(ok(productLine(1, 10, 1)));
    await Promise.all(scanned);
    expect(bridge.argsOf('counting.scan').map((args) => args.code)).toEqual(['A', 'B']);
    expect(counting.lines.map((line) => line.lineId)).toEqual([2, 1]);
    expect(counting.currentLineId).toBe(2);
  });

  it('keeps counting after a scan whose call failed outright', async () => {
    const counting = await loaded(bridge, []);
    bridge.answer('counting.scan', () => Promise.reject(new Error('link lost')), ok(productLine(1, 10, 1)));

    await expect(counting.scan('A')).rejects.toThrow('link lost');
    await counting.scan('B');

    expect(counting.lines).toEqual([productLine(1, 10, 1)]);
  });
});

describe('refresh (a live member changed the count)', () => {
  it('shows the last scan with the figure main has now, once a member added to that line', async () => {
    bridge
      .answer('counting.session', ok(session))
      .answer('counting.lines', ok([]), ok([productLine(2, 20, 1), productLine(1, 10, 5)]))
      .answer('counting.scan', ok(productLine(1, 10, 1)));
    const counting = new CountingSession(SESSION_ID, bridge);
    await counting.load();
    await counting.scan('885000000010');
    expect(counting.last).toEqual({ status: 'ok', line: productLine(1, 10, 1), repeated: false });

    // The member counted 4 more of the product this PC scanned last (and 1 of another).
    counting.refresh();
    await settled();

    expect(counting.last).toEqual({ status: 'ok', line: productLine(1, 10, 5), repeated: false });
    expect(counting.lines.map((line) => line.counted)).toEqual([1, 5]);
  });
});

describe('line order', () => {
  it('moves a line counted again, adjusted or undone to the front; selecting one moves nothing', async () => {
    const counting = await loaded(bridge, [
      productLine(3, 12, 1),
      productLine(2, 11, 1),
      productLine(1, 10, 1),
    ]);
    const order = () => counting.lines.map((line) => line.lineId);
    bridge
      .answer('counting.scan', ok(productLine(1, 10, 2)))
      .answer('counting.adjustQuantity', ok(productLine(2, 11, 2)))
      .answer('counting.undoLast', ok({ undoneEventId: 4, kind: 'scan', line: productLine(3, 12, 0) }));

    await counting.scan('885000000010');
    expect(order()).toEqual([1, 3, 2]);
    await counting.adjust(2, 1);
    expect(order()).toEqual([2, 1, 3]);
    counting.selectLine(1);
    expect(order()).toEqual([2, 1, 3]);
    await counting.undoLast();
    expect(order()).toEqual([3, 2, 1]);
  });
});

describe('removeUnknownCode', () => {
  it('drops one unknown code through main: it leaves the list, the others stay', async () => {
    const counting = await loaded(bridge, [unknownLine(2, '111', 3), unknownLine(3, '222', 1)]);
    counting.selectLine(2);
    const discarded = { ...unknownLine(2, '111', 3), state: 'discarded' as const };
    bridge.answer('counting.removeUnknownCode', ok(discarded));

    expect(await counting.removeUnknownCode(2)).toBe(true);

    expect(bridge.argsOf('counting.removeUnknownCode')).toEqual([{ sessionId: SESSION_ID, lineId: 2 }]);
    expect(counting.unknownLines.map((line) => line.lineId)).toEqual([3]);
    expect(counting.lines.find((line) => line.lineId === 2)).toEqual(discarded);
    expect(counting.currentLineId).toBeNull();
    expect(counting.error).toBeNull();
  });

  it("keeps the code listed and shows main's words when refused", async () => {
    const counting = await loaded(bridge, [unknownLine(2, '111', 3)]);
    bridge.answer(
      'counting.removeUnknownCode',
      refused('invalid-arguments', 'That code was resolved already.'),
    );

    expect(await counting.removeUnknownCode(2)).toBe(false);
    expect(counting.unknownLines.map((line) => line.lineId)).toEqual([2]);
    expect(counting.error).toBe('That code was resolved already.');
  });
});

describe('discard', () => {
  it('abandons the session through main and shows it discarded; a refusal is shown', async () => {
    const counting = await loaded(bridge, [productLine(1, 10, 2)]);
    const closed = { ...session, state: 'discarded' as const, closedAt: 1_700_000_100_000 };
    bridge.answer('counting.discard', refused('conflict', 'The session is committed.'), ok(closed));

    expect(await counting.discard()).toBe(false);
    expect(counting.error).toBe('The session is committed.');
    expect(counting.session?.state).toBe('open');

    expect(await counting.discard()).toBe(true);
    expect(bridge.argsOf('counting.discard')).toEqual([{ sessionId: SESSION_ID }, { sessionId: SESSION_ID }]);
    expect(counting.session).toEqual(closed);
    expect(counting.error).toBeNull();
  });
});

describe('selectLine', () => {
  it('makes a line current without a call (nothing counted); an unknown line id changes nothing', async () => {
    const counting = await loaded(bridge, [productLine(1, 10, 4), productLine(2, 11, 2)]);
    const calls = bridge.calls.length;
    counting.selectLine(1);
    expect(counting.currentLineId).toBe(1);
    expect(counting.currentLine).toEqual(productLine(1, 10, 4));
    counting.selectLine(99);
    expect(counting.currentLineId).toBe(1);
    expect(bridge.calls.length).toBe(calls);
  });
});

describe('resolveUnknown', () => {
  it("moves an unknown code's units to the product and answers the barcode to offer", async () => {
    const counting = await loaded(bridge, [unknownLine(2, '999', 3)]);
    bridge.answer(
      'counting.resolveUnknown',
      ok({
        line: productLine(5, 10, 3),
        barcodeToAssign: '999',
        replacesBarcode: '885',
        alias: null,
        operationId: null,
      }),
    );

    const resolution = await counting.resolveUnknown(2, 10);

    expect(bridge.argsOf('counting.resolveUnknown')).toEqual([
      { sessionId: SESSION_ID, lineId: 2, productId: 10 },
    ]);
    expect(resolution).toEqual({
      line: productLine(5, 10, 3),
      barcodeToAssign: '999',
      replacesBarcode: '885',
    });
    expect(counting.unknownLines).toEqual([]);
    expect(counting.lines.find((line) => line.lineId === 2)).toMatchObject({
      state: 'resolved',
      resolvedProductId: 10,
    });
    expect(counting.productLines).toEqual([productLine(5, 10, 3)]);
    expect(counting.currentLineId).toBe(5);
    expect(counting.last).toEqual({ status: 'ok', line: productLine(5, 10, 3), repeated: false });
  });

  it("answers null on a refusal and shows main's words until cleared", async () => {
    const counting = await loaded(bridge, [unknownLine(2, '999', 3)]);
    bridge.answer('counting.resolveUnknown', refused('conflict', 'The code was resolved already.'));

    expect(await counting.resolveUnknown(2, 10)).toBeNull();
    expect(counting.error).toBe('The code was resolved already.');
    expect(counting.unknownLines.map((line) => line.lineId)).toEqual([2]);

    counting.clearError();
    expect(counting.error).toBeNull();
  });
});

describe('adjust, set and undo', () => {
  it('adjusts and sets a line, updating the big display when it shows that line', async () => {
    const counting = await loaded(bridge, []);
    bridge
      .answer('counting.scan', ok(productLine(1, 10, 1)))
      .answer('counting.adjustQuantity', ok(productLine(1, 10, 2)))
      .answer('counting.setQuantity', ok(productLine(1, 10, 12)));
    await counting.scan('A');

    await counting.adjust(1, 1);
    await counting.setQuantity(1, 12);

    expect(bridge.argsOf('counting.adjustQuantity')).toEqual([
      { sessionId: SESSION_ID, lineId: 1, quantity: 1 },
    ]);
    expect(bridge.argsOf('counting.setQuantity')).toEqual([
      { sessionId: SESSION_ID, lineId: 1, quantity: 12 },
    ]);
    expect(counting.lines).toEqual([productLine(1, 10, 12)]);
    expect(counting.last).toEqual({ status: 'ok', line: productLine(1, 10, 12), repeated: false });
  });

  it("shows main's words when an adjustment is refused, and clears them on the next one that works", async () => {
    const counting = await loaded(bridge, [productLine(1, 10, 2)]);
    bridge.answer(
      'counting.adjustQuantity',
      refused('invalid-arguments', 'Quantity out of range.'),
      ok(productLine(1, 10, 1)),
    );

    await counting.adjust(1, -1_000_000_001);
    expect(counting.error).toBe('Quantity out of range.');
    expect(counting.lines).toEqual([productLine(1, 10, 2)]);

    await counting.adjust(1, -1);
    expect(counting.error).toBeNull();
    expect(counting.lines).toEqual([productLine(1, 10, 1)]);
  });

  it('undoes the last scan and names the line; "nothing to undo" is a notice, not an error', async () => {
    const counting = await loaded(bridge, [productLine(1, 10, 2)]);
    bridge.answer(
      'counting.undoLast',
      ok({ undoneEventId: 9, kind: 'scan', line: productLine(1, 10, 1) }),
      refused('conflict', 'Nothing to undo.'),
    );

    await counting.undoLast();
    expect(bridge.argsOf('counting.undoLast')).toEqual([{ sessionId: SESSION_ID }]);
    expect(counting.lines).toEqual([productLine(1, 10, 1)]);
    expect(counting.notice).toBe('Product 10');
    expect(counting.nothingToUndo).toBe(false);

    await counting.undoLast();
    expect(counting.notice).toBeNull();
    expect(counting.nothingToUndo).toBe(true);
    expect(counting.error).toBeNull();
  });

  it("shows main's words when an undo fails for another reason", async () => {
    const counting = await loaded(bridge, [productLine(1, 10, 2)]);
    bridge.answer('counting.undoLast', refused('internal', 'The count could not be read.'));

    await counting.undoLast();

    expect(counting.error).toBe('The count could not be read.');
    expect(counting.nothingToUndo).toBe(false);
  });

  it("shows the page's own problems (the scanner failed) until cleared", async () => {
    const counting = await loaded(bridge, []);

    counting.showError('Error: the scanner stopped');
    expect(counting.error).toBe('Error: the scanner stopped');
    counting.clearError();
    expect(counting.error).toBeNull();
  });
});
