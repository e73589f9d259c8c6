// The review page's state (features/review/review.svelte.ts) against a fake bridge: which page of which
// filter it asks for, that a late answer never replaces a newer one, the commit with the dialog's
// choices (refusals kept as data for the dialog's words) and the CSV export.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callContract,
  type CallValue,
  type IpcResult,
  type SessionViewValue,
} from '../../src-shared/ipc/index.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { refusalText } from '../../src-renderer/lib/refusal-strings.js';
import {
  PAGE_SIZE,
  SessionReviewState,
  type SessionReview,
} from '../../src-renderer/features/review/review.svelte.js';
import { FakeBridge, held, ok, refused, type Reply } from './support/fake-bridge.js';
import { notCountedRow, reviewTotals, SESSION_ID, sessionView } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const session = sessionView({ progress: { linesCounted: 3, units: 7, unknownCodes: 1 } });

const totals = reviewTotals({
  countedLines: 3,
  countedUnits: 7,
  linesWithVariance: 1,
  varianceUnits: 2,
  varianceValue: 20,
  notCounted: 4,
  unknownCodes: 1,
});

/** The answer to a review call: `rows` rows from `offset` of `matching`, under `filter`. */
function reviewOf(
  args: { filter?: SessionReview['filter']; offset?: number },
  matching: number,
  state: SessionViewValue['state'] = 'open',
): IpcResult<SessionReview, never> {
  const offset = args.offset ?? 0;
  const rows = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, matching - offset)) }, (_, index) =>
    notCountedRow(offset + index + 1),
  );
  return ok({ session: { ...session, state }, filter: args.filter ?? 'all', totals, matching, offset, rows });
}

const committed: CallValue<'counting.commit'> = {
  session: { ...session, state: 'committed' },
  operationIds: [41, 42, 43],
  linesSent: 3,
  unknownCodesDiscarded: 1,
};

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
});

describe('load and paging', () => {
  it("asks for the first page of 'all' and tells which rows are shown", async () => {
    bridge.answer('counting.review', (args) => reviewOf(args, 250));
    const review = new SessionReviewState(SESSION_ID, bridge);

    await review.load();

    expect(bridge.argsOf('counting.review')).toEqual([
      { sessionId: SESSION_ID, filter: 'all', offset: 0, limit: PAGE_SIZE },
    ]);
    expect(review.review?.rows).toHaveLength(PAGE_SIZE);
    expect(review.range).toEqual({ first: 1, last: 100, total: 250 });
    expect(review.loading).toBe(false);
    expect(review.readOnly).toBe(false);
    expect(review.hasPrevious).toBe(false);
    expect(review.hasNext).toBe(true);
  });

  it('pages forward and back, and asks nothing past either end', async () => {
    bridge.answer('counting.review', (args) => reviewOf(args, 250));
    const review = new SessionReviewState(SESSION_ID, bridge);
    await review.load();

    await review.nextPage();
    await review.nextPage();
    expect(review.range).toEqual({ first: 201, last: 250, total: 250 });
    expect(review.hasNext).toBe(false);
    await review.nextPage(); // the last page: no call
    await review.previousPage();

    expect(bridge.argsOf('counting.review').map((args) => args.offset)).toEqual([0, 100, 200, 100]);
    expect(review.offset).toBe(100);
  });

  it('shows another filter from its first page', async () => {
    bridge.answer('counting.review', (args) => reviewOf(args, args.filter === 'variance' ? 1 : 250));
    const review = new SessionReviewState(SESSION_ID, bridge);
    await review.load();
    await review.nextPage();

    await review.showFilter('variance');

    expect(bridge.argsOf('counting.review').at(-1)).toEqual({
      sessionId: SESSION_ID,
      filter: 'variance',
      offset: 0,
      limit: PAGE_SIZE,
    });
    expect(review.filter).toBe('variance');
    expect(review.range).toEqual({ first: 1, last: 1, total: 1 });
  });

  it('comes back to the last page that has rows when fewer rows match than before', async () => {
    bridge.answer(
      'counting.review',
      (args) => reviewOf(args, 250),
      (args) => reviewOf(args, 250),
      (args) => reviewOf(args, 120), // rows went away while page 3 was asked for
    );
    const review = new SessionReviewState(SESSION_ID, bridge);
    await review.load();
    await review.nextPage();
    await review.nextPage();

    expect(bridge.argsOf('counting.review').map((args) => args.offset)).toEqual([0, 100, 200, 100]);
    expect(review.offset).toBe(100);
    expect(review.range).toEqual({ first: 101, last: 120, total: 120 });
  });

  it('shows the answer to the last request, never a late answer to an earlier one', async () => {
    const slow = held<IpcResult<SessionReview, never>>();
    bridge.answer(
      'counting.review',
      () => slow.promise,
      (args) => reviewOf(args, 3),
    );
    const review = new SessionReviewState(SESSION_ID, bridge);

    const first = review.load();
    await review.showFilter('variance');
    slow.release(reviewOf({ filter: 'all' }, 250));
    await first;

    expect(review.review?.filter).toBe('variance');
    expect(review.range.total).toBe(3);
  });

  it("shows main's words when the review cannot be read, and keeps what was shown", async () => {
    bridge.answer(
      'counting.review',
      (args) => reviewOf(args, 250),
      refused('internal', 'The review could not be read.'),
    );
    const review = new SessionReviewState(SESSION_ID, bridge);
    await review.load();

    await review.nextPage();

    expect(review.error).toBe('The review could not be read.');
    expect(review.loading).toBe(false);
    expect(review.review?.offset).toBe(0);
  });
});

describe('commit', () => {
  it("sends the dialog's choices, keeps the answer and reads the now read-only review again", async () => {
    bridge
      .answer(
        'counting.review',
        (args) => reviewOf(args, 3),
        (args) => reviewOf(args, 3, 'committed'),
      )
      .answer('counting.commit', ok(committed));
    const review = new SessionReviewState(SESSION_ID, bridge);
    await review.load();

    const done = await review.commit({ discardUnknownCodes: true, notCounted: 'zero' });

    expect(done).toBe(true);
    expect(bridge.argsOf('counting.commit')).toEqual([
      { sessionId: SESSION_ID, discardUnknownCodes: true, notCounted: 'zero' },
    ]);
    expect(bridge.names()).toEqual(['counting.review', 'counting.commit', 'counting.review']);
    expect(review.committed).toEqual(committed);
    expect(review.committing).toBe(false);
    expect(review.commitRefusal).toBeNull();
    expect(review.readOnly).toBe(true);
  });

  it('keeps a refusal as data for the dialog: unresolved unknown codes, nothing to commit, live scans pending, or words', async () => {
    bridge
      .answer('counting.review', (args) => reviewOf(args, 3))
      .answer(
        'counting.commit',
        refused('conflict', '1 unknown code is not resolved.', 'unresolved-unknown-codes'),
        refused('conflict', 'Nothing was counted.', 'nothing-to-commit'),
        refused('conflict', 'ONE has not sent its last scans.', 'live-scans-pending'),
        refused('conflict', 'This count streams to HOST.', 'live-member-session'),
        refused('no-profile', 'No store is open.'),
        refused('internal', 'SqliteError: live count: a member has not flushed its scans yet'),
      );
    const review = new SessionReviewState(SESSION_ID, bridge);
    await review.load();
    const choices = { discardUnknownCodes: false, notCounted: 'leave' } as const;

    expect(await review.commit(choices)).toBe(false);
    expect(review.commitRefusal).toEqual({ kind: 'unresolvedUnknownCodes' });
    expect(await review.commit(choices)).toBe(false);
    expect(review.commitRefusal).toEqual({ kind: 'nothingToCommit' });
    expect(await review.commit(choices)).toBe(false);
    expect(review.commitRefusal).toEqual({ kind: 'liveScansPending' });
    expect(await review.commit(choices)).toBe(false);
    expect(review.commitRefusal).toEqual({ kind: 'liveMemberSession' });
    // Any other refusal kept typed: the dialog says it in the words of its code, never main's raw text.
    expect(await review.commit(choices)).toBe(false);
    expect(review.commitRefusal).toMatchObject({ kind: 'other', refusal: { code: 'no-profile' } });
    expect(await review.commit(choices)).toBe(false);
    expect(review.commitRefusal).toMatchObject({ kind: 'other', refusal: { code: 'internal' } });

    expect(review.committing).toBe(false);
    expect(review.committed).toBeNull();
    expect(bridge.names().filter((name) => name === 'counting.review')).toHaveLength(1);

    review.clearCommitRefusal();
    expect(review.commitRefusal).toBeNull();
  });

  it('says it is committing while the call is on its way', async () => {
    const answer = held<Reply<'counting.commit'>>();
    bridge
      .answer('counting.review', (args) => reviewOf(args, 3))
      .answer('counting.commit', () => answer.promise);
    const review = new SessionReviewState(SESSION_ID, bridge);
    await review.load();

    const committing = review.commit({ discardUnknownCodes: false, notCounted: 'leave' });
    expect(review.committing).toBe(true);
    answer.release(refused('conflict', 'Nothing was counted.', 'nothing-to-commit'));
    await committing;
    expect(review.committing).toBe(false);
  });
});

describe('CSV export', () => {
  it('answers the file and names it; a refusal answers null, said in the page language', async () => {
    bridge.answer(
      'counting.exportCsv',
      ok({ fileName: 'front-shelf.csv', csv: 'sku,counted\r\n' }),
      refused('not-found', 'No count session s-1', 'session-not-found'),
      refused('internal', 'The CSV could not be written.'),
    );
    const review = new SessionReviewState(SESSION_ID, bridge);

    expect(await review.exportCsv()).toEqual({ fileName: 'front-shelf.csv', csv: 'sku,counted\r\n' });
    expect(bridge.argsOf('counting.exportCsv')).toEqual([{ sessionId: SESSION_ID }]);
    expect(review.exportedFileName).toBe('front-shelf.csv');
    expect(review.exportError).toBeNull();

    expect(await review.exportCsv()).toBeNull();
    expect(review.exportedFileName).toBeNull();
    locale.set('en');
    expect(review.exportError).toEqual({
      sentence: 'This count is no longer on this PC, so there is nothing to export.',
      details: 'No count session s-1',
    });
    locale.set('th');
    expect(review.exportError?.sentence).toBe('ไม่พบรอบนับนี้ในเครื่องนี้แล้ว จึงไม่มีอะไรให้ส่งออก');
    expect(review.exporting).toBe(false);

    // No reason: the code's sentence, main's text only behind Details.
    expect(await review.exportCsv()).toBeNull();
    expect(review.exportError).toEqual({
      sentence: refusalText('internal'),
      details: 'The CSV could not be written.',
    });
  });

  it('has its own words for every reason counting.exportCsv lists', async () => {
    const reasons = callContract['counting.exportCsv'].reasons;
    bridge.answer('counting.exportCsv', ...reasons.map((reason) => refused('conflict', 'raw', reason)));
    const review = new SessionReviewState(SESSION_ID, bridge);
    locale.set('en');
    const sentences: string[] = [];
    for (const _reason of reasons) {
      await review.exportCsv();
      sentences.push(review.exportError?.sentence ?? '');
    }
    expect(new Set(sentences).size).toBe(reasons.length);
    expect(sentences).not.toContain('raw');
    expect(sentences).not.toContain(refusalText('conflict'));
  });
});

describe('contributions of several PCs', () => {
  it('keeps, per line, the parts of the lines counted on two PCs or more', async () => {
    const line = { productId: 1, sku: 'SKU-1', name: 'One', counted: 5 };
    bridge.answer(
      'counting.contributions',
      ok([
        {
          ...line,
          lineId: 7,
          sources: [
            { source: 'PC-1', thisPc: true, counted: 3 },
            { source: 'PC-2: Aisle 2', thisPc: false, counted: 2 },
          ],
        },
        // Counted here only, and merged from a PC that counted none of it: not shown.
        {
          ...line,
          lineId: 8,
          sources: [
            { source: 'PC-1', thisPc: true, counted: 5 },
            { source: 'PC-2: Aisle 2', thisPc: false, counted: 0 },
          ],
        },
      ]),
      refused('internal', 'The contributions could not be read.'),
    );
    const review = new SessionReviewState(SESSION_ID, bridge);

    await review.loadContributions();

    expect(bridge.argsOf('counting.contributions')).toEqual([{ sessionId: SESSION_ID }]);
    expect([...review.contributions.keys()]).toEqual([7]);
    expect(review.contributions.get(7)?.map((part) => [part.source, part.counted])).toEqual([
      ['PC-1', 3],
      ['PC-2: Aisle 2', 2],
    ]);

    await review.loadContributions();
    expect(review.error).toBe('The contributions could not be read.');
    expect([...review.contributions.keys()]).toEqual([7]);
  });
});
