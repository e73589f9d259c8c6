// Undoing a committed count, the page's side (features/cycle/count-undo.svelte.ts) against a fake
// bridge: what it asks main for, and every refusal of cycle.reversal and cycle.reverseCount said in the
// page's language with main's text only behind Details.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callContract } from '../../src-shared/ipc/index.js';
import {
  CountUndo,
  type ReversalPlan,
  type UndoReason,
} from '../../src-renderer/features/cycle/count-undo.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { refusalText } from '../../src-renderer/lib/refusal-strings.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';
import { SESSION_ID } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const plan: ReversalPlan = {
  sessionId: SESSION_ID,
  warehouseCode: 'W0001',
  lines: [
    {
      productId: 101,
      sku: 'COLA-330',
      name: 'Cola 330 ml',
      state: 'reversible',
      counted: 12,
      back: 10,
      operationId: 7,
    },
    {
      productId: 102,
      sku: 'RICE-5',
      name: 'Rice 5 kg',
      state: 'laterCount',
      counted: 3,
      back: 4,
      operationId: 8,
    },
  ],
};

let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge();
  locale.set('en');
});

describe('undoing a committed count', () => {
  it("says a refused undo in the page's language, main's text behind Details", async () => {
    bridge.answer('cycle.reversal', ok(plan)).answer(
      'cycle.reverseCount',
      // undone from another PC since the plan was read
      refused('conflict', 'The count of COLA-330 is undone already', 'reversed'),
    );
    const undo = new CountUndo(SESSION_ID, bridge);
    await undo.load();
    undo.toggle(101);

    expect(await undo.undo(false)).toBe(false);
    expect(bridge.argsOf('cycle.reverseCount')).toEqual([{ sessionId: SESSION_ID, productIds: [101] }]);
    expect(undo.failure).toEqual({
      sentence:
        'Not undone: a chosen line is undone already. Close this and open it again to see the lines as they are now.',
      details: 'The count of COLA-330 is undone already',
    });
    locale.set('th');
    expect(undo.failure?.sentence).toBe(
      'ไม่ได้ย้อน: มีรายการที่เลือกถูกย้อนไปแล้ว ปิดหน้านี้แล้วเปิดใหม่เพื่อดูรายการตามที่เป็นอยู่ตอนนี้',
    );
    expect(undo.queued).toBeNull();
  });

  it('says a count that is not committed in its own words when the plan is read', async () => {
    bridge.answer(
      'cycle.reversal',
      refused(
        'conflict',
        `Count session ${SESSION_ID} is open: only a committed count can be undone`,
        'not-committed',
      ),
    );
    const undo = new CountUndo(SESSION_ID, bridge);
    await undo.load();
    expect(undo.plan).toBeNull();
    expect(undo.failure?.sentence).toBe(
      'Only a committed count can be undone, and this one is not committed.',
    );
  });

  it('has its own words for every reason its calls list, in both languages', async () => {
    const reasons = [
      ...new Set<UndoReason>([
        ...callContract['cycle.reversal'].reasons,
        ...callContract['cycle.reverseCount'].reasons,
      ]),
    ];
    // cycle.reverseCount lists every reason cycle.reversal does, and more.
    bridge.answer('cycle.reverseCount', ...reasons.map((reason) => refused('conflict', 'raw', reason)));
    const undo = new CountUndo(SESSION_ID, bridge);
    const sentences = { en: [] as string[], th: [] as string[] };
    for (const _reason of reasons) {
      expect(await undo.undo(true)).toBe(false);
      for (const language of ['en', 'th'] as const) {
        locale.set(language);
        sentences[language].push(undo.failure?.sentence ?? '');
      }
    }
    for (const language of ['en', 'th'] as const) {
      locale.set(language);
      expect(new Set(sentences[language]).size, language).toBe(reasons.length);
      expect(sentences[language], language).not.toContain('raw');
      expect(sentences[language], language).not.toContain(refusalText('conflict'));
      expect(sentences[language], language).not.toContain(refusalText('notFound'));
    }
  });
});
