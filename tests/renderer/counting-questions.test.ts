// The counting page's questions before data is lost (features/counting/counting-questions.svelte.ts)
// against a fake bridge: Alt+X asks about the first unknown code (the one Alt+U finds a product for),
// and nothing is removed until the person confirms.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CountingQuestions } from '../../src-renderer/features/counting/counting-questions.svelte.js';
import { FakeBridge, ok } from './support/fake-bridge.js';
import { loaded, unknownLine } from './support/counting-page.js';
import { productLine, SESSION_ID } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));
vi.mock('../../src-renderer/lib/sounds.js', () => ({ playCue: () => undefined }));

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
});

describe('askRemoveFirst (Alt+X)', () => {
  it('asks about the first unknown code, removes it only once confirmed, and goes back to scanning', async () => {
    const counting = await loaded(bridge, [
      productLine(1, 10, 2),
      unknownLine(2, '111', 3),
      unknownLine(3, '222', 1),
    ]);
    const done = vi.fn();
    const questions = new CountingQuestions(() => counting, done);

    expect(questions.askRemoveFirst()).toBe(true);
    expect(questions.removing).toEqual(unknownLine(2, '111', 3));
    expect(questions.open).toBe(true);
    expect(bridge.names()).not.toContain('counting.removeUnknownCode');

    questions.cancel();
    expect(questions.removing).toBeNull();
    expect(bridge.names()).not.toContain('counting.removeUnknownCode');

    bridge.answer('counting.removeUnknownCode', ok(unknownLine(2, '111', 0)));
    expect(questions.askRemoveFirst()).toBe(true);
    await questions.removeCode();
    expect(bridge.argsOf('counting.removeUnknownCode')).toEqual([{ sessionId: SESSION_ID, lineId: 2 }]);
    expect(questions.removedNotice).toBe('111');
    expect(counting.unknownLines.map((line) => line.lineId)).toEqual([3]);
    expect(done).toHaveBeenCalledTimes(2);
  });

  it('asks nothing when no unknown code is left', async () => {
    const counting = await loaded(bridge, [productLine(1, 10, 2)]);
    const questions = new CountingQuestions(
      () => counting,
      () => undefined,
    );

    expect(questions.askRemoveFirst()).toBe(false);
    expect(questions.open).toBe(false);
  });
});
