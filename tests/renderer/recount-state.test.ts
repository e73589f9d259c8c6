// The blind recount's renderer side against a fake bridge: the recount screen's state
// (features/recount/recount.svelte.ts: a scan adds 1 to the marked product with that code, a typed figure
// sets it, nothing is recorded without the recounter's name or for a code not on the list) and the
// review's recount calls (features/review/review.svelte.ts: marking by threshold or by line, choosing
// which count is sent, each read again afterwards).
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callContract, type CallArgs, type IpcResult } from '../../src-shared/ipc/index.js';
import {
  readRecountFigure,
  recountRefusalSaid,
  RecountSession,
  type RecountLine,
  type RecountReason,
} from '../../src-renderer/features/recount/recount.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { refusalText } from '../../src-renderer/lib/refusal-strings.js';
import {
  readThreshold,
  SessionReviewState,
  type SessionReview,
} from '../../src-renderer/features/review/review.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';
import { reviewTotals, SESSION_ID, sessionView } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const session = sessionView({
  name: 'Aisle 3',
  startedBy: 'Somchai',
  progress: { linesCounted: 2, units: 9, unknownCodes: 0 },
});

const cola: RecountLine = {
  lineId: 11,
  productId: 101,
  sku: 'COLA-330',
  barcode: '8850000000011',
  name: 'Cola 330 ml',
  unittext: 'can',
  recounted: null,
  recountedBy: null,
};
const rice: RecountLine = {
  ...cola,
  lineId: 12,
  productId: 102,
  sku: 'RICE-5',
  barcode: '8850000000028',
  name: 'Rice 5 kg',
};

/** recordRecount as main answers it: add to or set the line's recount, under the counter's name. */
function recorder(lines: Map<number, RecountLine>) {
  return (args: CallArgs<'counting.recordRecount'>): IpcResult<RecountLine, never> => {
    const line = lines.get(args.lineId);
    if (line === undefined)
      return refused('invalid-arguments', `Line ${args.lineId} is not marked for a recount`);
    const quantity = Number(args.quantity); // the page sends the exact figure it read
    const recounted = args.mode === 'add' ? (line.recounted ?? 0) + quantity : quantity;
    const next = { ...line, recounted, recountedBy: args.counter ?? null };
    lines.set(line.lineId, next);
    return ok(next);
  };
}

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
});

describe('the recount screen', () => {
  async function loaded(): Promise<RecountSession> {
    const lines = new Map([cola, rice].map((line) => [line.lineId, line]));
    bridge
      .answer('counting.session', ok(session))
      .answer('counting.recountLines', ok([cola, rice]))
      .answer('counting.recordRecount', recorder(lines));
    const recount = new RecountSession(SESSION_ID, bridge);
    await recount.load();
    return recount;
  }

  it('lists the marked products and records nothing until the recounter is named', async () => {
    const recount = await loaded();
    expect(recount.lines.map((line) => line.sku)).toEqual(['COLA-330', 'RICE-5']);
    expect(recount.pending).toBe(2);

    expect(await recount.scan(cola.barcode)).toBe(false);
    expect(recount.problem).toEqual({ kind: 'noRecounter' });
    expect(bridge.argsOf('counting.recordRecount')).toEqual([]);

    recount.recounter = '  Malee ';
    expect(recount.problem).toBeNull();
  });

  it('adds 1 per scan of a barcode or SKU under the recounter, and a typed figure sets the recount', async () => {
    const recount = await loaded();
    recount.recounter = 'Malee';

    await recount.scan(cola.barcode);
    await recount.scan(cola.barcode);
    await recount.scan('RICE-5');
    expect(await recount.setFigure(rice.lineId, '๔')).toBe(true); // a Thai digit 4

    expect(bridge.argsOf('counting.recordRecount')).toEqual([
      { sessionId: SESSION_ID, lineId: 11, counter: 'Malee', quantity: 1, mode: 'add' },
      { sessionId: SESSION_ID, lineId: 11, counter: 'Malee', quantity: 1, mode: 'add' },
      { sessionId: SESSION_ID, lineId: 12, counter: 'Malee', quantity: 1, mode: 'add' },
      { sessionId: SESSION_ID, lineId: 12, counter: 'Malee', quantity: 4, mode: 'set' },
    ]);
    expect(recount.lines.map((line) => [line.sku, line.recounted, line.recountedBy])).toEqual([
      ['COLA-330', 2, 'Malee'],
      ['RICE-5', 4, 'Malee'],
    ]);
    expect(recount.recorded).toEqual({ line: { ...rice, recounted: 4, recountedBy: 'Malee' }, mode: 'set' });
    expect(recount.pending).toBe(0);
  });

  it('records nothing for a code not on the list or a figure that is not one, and says which', async () => {
    const recount = await loaded();
    recount.recounter = 'Malee';

    expect(await recount.scan('9990001112229')).toBe(false);
    expect(recount.problem).toEqual({ kind: 'notOnList', code: '9990001112229' });
    expect(await recount.setFigure(cola.lineId, 'abc')).toBe(false);
    expect(recount.problem).toEqual({ kind: 'badFigure', text: 'abc' });

    expect(bridge.argsOf('counting.recordRecount')).toEqual([]);
    expect(recount.lines).toEqual([cola, rice]);
  });

  it("says a refused recount in the page language, main's text behind Details, the line as it was", async () => {
    bridge
      .answer('counting.session', ok(session))
      .answer('counting.recountLines', ok([cola]))
      .answer('counting.recordRecount', refused('conflict', 'The session was committed.', 'session-closed'));
    const recount = new RecountSession(SESSION_ID, bridge);
    await recount.load();
    recount.recounter = 'Malee';

    expect(await recount.setFigure(cola.lineId, '3')).toBe(false);
    const problem = recount.problem;
    if (problem?.kind !== 'refused') throw new Error(`not a refusal: ${JSON.stringify(problem)}`);
    locale.set('en');
    expect(recountRefusalSaid(problem.refusal)).toEqual({
      sentence: 'Not recorded: this count was committed or discarded, so it can no longer change.',
      details: 'The session was committed.',
    });
    locale.set('th');
    expect(recountRefusalSaid(problem.refusal).sentence).toBe(
      'ไม่ได้บันทึก: รอบนับนี้ยืนยันหรือยกเลิกไปแล้ว จึงแก้ไขไม่ได้อีก',
    );
    expect(recount.lines).toEqual([cola]);
    expect(recount.busy).toBe(false);
  });

  it("has its own words for every reason its calls list, never main's text as the sentence", () => {
    const reasons = new Set<RecountReason>([
      ...callContract['counting.session'].reasons,
      ...callContract['counting.recountLines'].reasons,
      ...callContract['counting.recordRecount'].reasons,
    ]);
    for (const language of ['en', 'th'] as const) {
      locale.set(language);
      const sentences = [...reasons].map(
        (reason) => recountRefusalSaid({ code: 'conflict', message: 'raw', reason }).sentence,
      );
      // One sentence per reason, none main's text nor the code's generic one.
      expect(new Set(sentences).size, language).toBe(reasons.size);
      expect(sentences, language).not.toContain('raw');
      expect(sentences, language).not.toContain(refusalText('conflict'));
    }
  });

  it('says a refused load by its reason, and a refusal without one by its code', async () => {
    bridge
      .answer('counting.session', refused('not-found', 'No count session s-1', 'session-not-found'))
      .answer('counting.recountLines', refused('internal', 'Something went wrong in Stockroom.'));
    const recount = new RecountSession(SESSION_ID, bridge);
    await recount.load();
    locale.set('en');
    const problem = recount.problem;
    if (problem?.kind !== 'refused') throw new Error(`not a refusal: ${JSON.stringify(problem)}`);
    expect(recountRefusalSaid(problem.refusal)).toEqual({
      sentence: refusalText('internal'),
      details: 'Something went wrong in Stockroom.',
    });
    expect(recount.loaded).toBe(true);
  });

  it('reads a typed figure: 0 is a recount, a negative or empty one is not', () => {
    expect(readRecountFigure('0')).toBe(0);
    expect(readRecountFigure('12')).toBe(12);
    // Whole units: a recount of 12.5 is refused, never rounded (typed-number.ts).
    expect(readRecountFigure('12.5')).toBeNull();
    expect(readRecountFigure('')).toBeNull();
    expect(readRecountFigure('.')).toBeNull();
    expect(readRecountFigure('2000000000')).toBeNull();
  });
});

describe("the review's recount calls", () => {
  const totals = reviewTotals({
    countedLines: 2,
    countedUnits: 9,
    linesWithVariance: 2,
    varianceUnits: -3,
    varianceValue: -45,
    recountsPending: 1,
  });
  const review: SessionReview = { session, filter: 'all', totals, matching: 0, offset: 0, rows: [] };

  it('marks by units and baht, or by line, and reads the review again each time', async () => {
    bridge
      .answer('counting.review', ok(review))
      .answer(
        'counting.requestRecount',
        ok({ marked: 2, lines: [cola, rice] }),
        ok({ marked: 0, lines: [cola, rice] }),
      );
    const state = new SessionReviewState(SESSION_ID, bridge);

    expect(await state.requestRecount({ minUnits: 2, minValue: 100 })).toBe(true);
    expect(state.recountMarked).toBe(2);
    expect(await state.requestRecount({ lineIds: [11] })).toBe(true);
    expect(state.recountMarked).toBe(0);

    expect(bridge.argsOf('counting.requestRecount')).toEqual([
      { sessionId: SESSION_ID, minUnits: 2, minValue: 100 },
      { sessionId: SESSION_ID, lineIds: [11] },
    ]);
    expect(bridge.names()).toEqual([
      'counting.requestRecount',
      'counting.review',
      'counting.requestRecount',
      'counting.review',
    ]);
  });

  it("chooses which count is sent, and keeps main's words when refused", async () => {
    bridge
      .answer('counting.review', ok(review))
      .answer(
        'counting.chooseRecount',
        ok({ firstCount: 5, recounted: 7, recountedBy: 'Malee', use: 'first' }),
        refused('conflict', 'Nobody recounted RICE-5 yet', 'recount-missing'),
      );
    const state = new SessionReviewState(SESSION_ID, bridge);

    expect(await state.chooseRecount(11, 'first')).toBe(true);
    expect(state.recountError).toBeNull();
    expect(await state.chooseRecount(12, 'recount')).toBe(false);
    expect(state.recountError).toBe('Nobody recounted RICE-5 yet');

    expect(bridge.argsOf('counting.chooseRecount')).toEqual([
      { sessionId: SESSION_ID, lineId: 11, use: 'first' },
      { sessionId: SESSION_ID, lineId: 12, use: 'recount' },
    ]);
    expect(bridge.names().filter((name) => name === 'counting.review')).toHaveLength(1);
  });
});

describe('a recount threshold as typed', () => {
  it('is none when blank, a number above 0, or refused', () => {
    expect(readThreshold('  ')).toBeUndefined();
    expect(readThreshold('2')).toBe(2);
    expect(readThreshold('150.5')).toBe(150.5);
    expect(readThreshold('๑๐๐')).toBe(100); // Thai digits
    expect(readThreshold('0')).toBeNull();
    expect(readThreshold('abc')).toBeNull();
  });
});
