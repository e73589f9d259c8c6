// The counting page's state when a repeat scan is painted before main answers (features/counting/
// counting.svelte.ts against a fake bridge): the figure shown early, main's answer taken after it, a
// refused or lost answer, answers out of order, and the cue each outcome plays.
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

describe('a repeat scan shown before main answers', () => {
  type ScanAnswer = IpcResult<CountLine, never> | Promise<IpcResult<CountLine, never>>;
  /** main's answers to the scans, in order (the fake bridge would repeat its last one). */
  let scanAnswers: ScanAnswer[];
  /** What counting.lines answers. */
  let mainLines: CountLine[];
  const answerScans = (...answers: ScanAnswer[]) => scanAnswers.push(...answers);

  beforeEach(() => {
    scanAnswers = [];
    mainLines = [];
    bridge.answer('counting.scan', async () => {
      const next = scanAnswers.shift();
      if (next === undefined) throw new Error('no answer left for counting.scan');
      return next;
    });
  });

  /** A session whose line 1 main has counted through code 'A' (so 'A' is known to land on it). */
  async function afterFirstScan(counted = 1): Promise<CountingSession> {
    bridge.answer('counting.session', ok(session)).answer('counting.lines', () => ok(mainLines));
    const counting = new CountingSession(SESSION_ID, bridge);
    await counting.load();
    answerScans(ok(productLine(1, 10, counted)));
    await counting.scan('A');
    cues.length = 0;
    return counting;
  }

  it("adds the scan to the line and makes it current on the Enter, then takes main's answer and beeps", async () => {
    const counting = await afterFirstScan();
    const answer = held<IpcResult<CountLine, never>>();
    answerScans(answer.promise);
    counting.selectLine(1);

    const scanned = counting.scan('A');
    // Synchronously: nothing awaited yet.
    expect(counting.lines).toEqual([{ ...productLine(1, 10, 2), scans: 2 }]);
    expect(counting.currentLineId).toBe(1);
    expect(counting.last).toEqual({ status: 'ok', line: counting.lines[0], repeated: false });
    expect(cues).toEqual([]); // the cue confirms main's answer

    answer.release(ok(productLine(1, 10, 2)));
    await scanned;
    expect(counting.lines).toEqual([productLine(1, 10, 2)]);
    expect(counting.last).toEqual({ status: 'ok', line: productLine(1, 10, 2), repeated: false });
    expect(cues).toEqual(['ok']);
  });

  it('takes an answer that agrees with the screen without changing what is shown', async () => {
    const counting = await afterFirstScan();
    const answer = held<IpcResult<CountLine, never>>();
    answerScans(answer.promise);
    const scanned = counting.scan('A');
    const [shownLines, shownLast] = [counting.lines, counting.last];

    answer.release(ok(productLine(1, 10, 2)));
    await scanned;
    // The same objects: nothing on the page runs again for main saying what it already shows.
    expect(counting.lines).toBe(shownLines);
    expect(counting.last).toBe(shownLast);
    expect(cues).toEqual(['ok']);
  });

  it('waits for main on a code not counted here yet, and on an unknown code', async () => {
    const counting = await loaded(bridge, [productLine(1, 10, 3)]);
    const answer = held<IpcResult<CountLine, never>>();
    answerScans(answer.promise, ok(unknownLine(2, '999', 1)), ok(unknownLine(2, '999', 2)));

    const scanned = counting.scan(productLine(1, 10, 3).product.barcode);
    expect(counting.lines).toEqual([productLine(1, 10, 3)]);
    expect(counting.last).toBeNull();
    answer.release(ok(productLine(1, 10, 4)));
    await scanned;
    expect(counting.lines).toEqual([productLine(1, 10, 4)]);

    await counting.scan('999');
    const again = counting.scan('999');
    expect(counting.unknownLines.map((line) => line.counted)).toEqual([1]);
    await again;
    expect(counting.unknownLines.map((line) => line.counted)).toEqual([2]);
  });

  it('takes a refused scan back off the line and says so, counting it nowhere', async () => {
    const counting = await afterFirstScan(4);
    const answer = held<IpcResult<CountLine, never>>();
    answerScans(answer.promise);

    const scanned = counting.scan('A');
    expect(counting.lines.map((line) => line.counted)).toEqual([5]);

    answer.release(refused('conflict', 'The session is committed.'));
    await scanned;
    expect(counting.lines).toEqual([productLine(1, 10, 4)]);
    expect(counting.last).toEqual({
      status: 'error',
      code: 'A',
      message: 'The session is committed.',
      takenBackFrom: productLine(1, 10, 4),
    });
    expect(cues).toEqual(['error']); // never an OK beep before the buzz
    // Nothing read again: main said plainly it did not count it.
    expect(bridge.argsOf('counting.lines')).toHaveLength(1);
  });

  it("reads main's lines again when the answer was lost on the way (counted or not, main knows)", async () => {
    const counting = await afterFirstScan(4);
    answerScans(refused('internal', 'The connection was lost; it may or may not have been done.'));
    mainLines = [productLine(1, 10, 5)];

    await counting.scan('A');
    await settled();

    expect(counting.last).toMatchObject({ status: 'error', takenBackFrom: productLine(1, 10, 4) });
    expect(bridge.argsOf('counting.lines')).toHaveLength(2);
    expect(counting.lines).toEqual([productLine(1, 10, 5)]); // main had counted it
  });

  it('keeps later scans on screen when an earlier answer comes in after them (never lost, never twice)', async () => {
    const counting = await afterFirstScan(1);
    const answers = [
      held<IpcResult<CountLine, never>>(),
      held<IpcResult<CountLine, never>>(),
      held<IpcResult<CountLine, never>>(),
    ];
    answerScans(...answers.map((answer) => answer.promise));

    const scanned = [counting.scan('A'), counting.scan('A'), counting.scan('A')];
    expect(counting.lines.map((line) => line.counted)).toEqual([4]);
    await settled();
    // One call at a time, in the order read: main's answer to each holds every scan before it.
    expect(bridge.argsOf('counting.scan')).toHaveLength(2);

    // The first answer arrives after the page already shows the next two scans.
    answers[0]?.release(ok(productLine(1, 10, 2)));
    await settled();
    expect(counting.lines.map((line) => line.counted)).toEqual([4]);
    expect(counting.last).toMatchObject({ status: 'ok', line: { counted: 4 } });

    answers[1]?.release(refused('invalid-arguments', 'Quantity out of range.'));
    await settled();
    expect(counting.lines.map((line) => line.counted)).toEqual([3]);

    answers[2]?.release(ok(productLine(1, 10, 3)));
    await Promise.all(scanned);
    expect(counting.lines).toEqual([productLine(1, 10, 3)]);
    expect(counting.currentLineId).toBe(1);
  });

  it('follows main when the code now counts on another line (the figure shown early goes back)', async () => {
    const counting = await afterFirstScan(2);
    answerScans(ok(productLine(9, 90, 1)), ok(productLine(9, 90, 2)));

    const scanned = counting.scan('A');
    expect(counting.lines.map((line) => line.counted)).toEqual([3]);
    await scanned;
    expect(counting.lines).toEqual([productLine(9, 90, 1), productLine(1, 10, 2)]);
    expect(counting.currentLineId).toBe(9);
    expect(counting.last).toEqual({ status: 'ok', line: productLine(9, 90, 1), repeated: false });

    // The code is now known to land on line 9.
    const next = counting.scan('A');
    expect(counting.lines.map((line) => line.counted)).toEqual([2, 2]);
    await next;
  });

  it('moves the line to the front at once, as main will, and back if main refuses', async () => {
    const counting = await afterFirstScan(1);
    answerScans(ok(productLine(2, 20, 1)));
    await counting.scan('B');
    const order = () => counting.lines.map((line) => line.lineId);
    expect(order()).toEqual([2, 1]);
    const answers = [held<IpcResult<CountLine, never>>(), held<IpcResult<CountLine, never>>()];
    answerScans(...answers.map((answer) => answer.promise));

    const first = counting.scan('A');
    expect(order()).toEqual([1, 2]);
    answers[0]?.release(refused('conflict', 'The session is committed.'));
    await first;
    expect(order()).toEqual([2, 1]);

    const second = counting.scan('A');
    expect(order()).toEqual([1, 2]);
    answers[1]?.release(ok(productLine(1, 10, 2)));
    await second;
    expect(order()).toEqual([1, 2]);
    expect(counting.lines.map((line) => line.counted)).toEqual([2, 1]);
  });

  it("counts a pack code's units and a prompted quantity at once", async () => {
    const counting = await loaded(bridge, []);
    const pack = { code: 'CASE', units: 24 };
    answerScans(ok({ ...productLine(1, 10, 24), pack }), ok({ ...productLine(1, 10, 96), pack }));
    await counting.scan('CASE');

    const scanned = counting.scan('CASE', { quantity: 3 });
    expect(counting.lines.map((line) => line.counted)).toEqual([96]);
    await scanned;
    expect(counting.lines).toEqual([{ ...productLine(1, 10, 96), pack }]);
  });

  it('shows an adjustment made while a scan is on its way with that scan still added', async () => {
    const counting = await afterFirstScan(1);
    const answer = held<IpcResult<CountLine, never>>();
    answerScans(answer.promise);
    bridge.answer('counting.adjustQuantity', ok(productLine(1, 10, 3)));

    const scanned = counting.scan('A');
    const adjusted = counting.adjust(1, 1);
    expect(counting.lines.map((line) => line.counted)).toEqual([2]);
    answer.release(ok(productLine(1, 10, 2)));
    await Promise.all([scanned, adjusted]);
    expect(counting.lines).toEqual([productLine(1, 10, 3)]);
    expect(counting.last).toEqual({ status: 'ok', line: productLine(1, 10, 3), repeated: false });
  });
});
