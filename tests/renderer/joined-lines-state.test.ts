// A member's view of the host's joined lines (features/live-count/joined-lines.svelte.ts) against a fake
// bridge: it reads a page when the host tells of a version it does not show, and only then; a version
// told while a read is on its way reads once more after it (never two reads at once); pages move by
// 100; a refusal is said in the page's language by its reason.
import './support/page-globals.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallValue } from '../../src-shared/ipc/index.js';
import { JoinedLines } from '../../src-renderer/features/live-count/joined-lines.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { FakeBridge, held, ok, refused, settled, type Reply } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));
afterEach(() => locale.set('en'));

const SESSION = '00000000-0000-4000-8000-000000000001';

function page(version: string, offset = 0, total = 1): CallValue<'live.joined'> {
  return {
    version,
    offset,
    total,
    lines: [{ productId: 1, sku: 'A', name: 'A', counted: 3, parts: [{ pc: 'HOST', counted: 3 }] }],
    pcs: [{ pc: 'ONE', state: 'joined', presence: 'connected', appliedSeq: 0 }],
  };
}

describe('the joined lines on a member', () => {
  it('reads a page only for a version it does not show', async () => {
    const bridge = new FakeBridge().answer('live.joined', ok(page('e:1')), ok(page('e:2')));
    const joined = new JoinedLines(SESSION, bridge);
    joined.follow(null);
    await settled();
    expect(bridge.argsOf('live.joined')).toEqual([]);
    joined.follow('e:1');
    await settled();
    expect(joined.page?.version).toBe('e:1');
    joined.follow('e:1');
    await settled();
    expect(bridge.argsOf('live.joined')).toHaveLength(1);
    joined.follow('e:2');
    await settled();
    expect(joined.page?.version).toBe('e:2');
    expect(bridge.argsOf('live.joined')).toHaveLength(2);
  });

  it('reads once more after a read on its way, never two at once', async () => {
    const first = held<Reply<'live.joined'>>();
    const bridge = new FakeBridge().answer('live.joined', () => first.promise, ok(page('e:3')));
    const joined = new JoinedLines(SESSION, bridge);
    joined.follow('e:1');
    joined.follow('e:2');
    joined.follow('e:3');
    expect(bridge.argsOf('live.joined')).toHaveLength(1);
    first.release(ok(page('e:1')));
    await settled();
    await settled();
    expect(bridge.argsOf('live.joined')).toHaveLength(2);
    expect(joined.page?.version).toBe('e:3');
  });

  it('moves a page of 100 at a time', async () => {
    const bridge = new FakeBridge().answer(
      'live.joined',
      ok(page('e:1', 0, 150)),
      ok(page('e:1', 100, 150)),
      ok(page('e:1', 0, 150)),
    );
    const joined = new JoinedLines(SESSION, bridge);
    await joined.load();
    expect([joined.hasPrevious, joined.hasNext]).toEqual([false, true]);
    await joined.next();
    expect(bridge.argsOf('live.joined').map((args) => args.offset)).toEqual([0, 100]);
    expect(joined.hasPrevious).toBe(true);
    await joined.previous();
    expect(bridge.argsOf('live.joined').map((args) => args.offset)).toEqual([0, 100, 0]);
  });

  it('says a host that cannot be reached in the page’s language', async () => {
    const bridge = new FakeBridge().answer(
      'live.joined',
      refused('conflict', 'The host of this count cannot be reached now.', 'unreachable'),
    );
    const joined = new JoinedLines(SESSION, bridge);
    await joined.load();
    expect(joined.said?.sentence).toContain('The host cannot be reached now');
    locale.set('th');
    expect(joined.said?.sentence).toContain('ติดต่อเครื่องหลักไม่ได้');
  });
});
