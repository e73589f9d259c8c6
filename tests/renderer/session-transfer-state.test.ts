// The sessions page's export and merge (features/sessions/session-transfer.svelte.ts) against a fake
// bridge: the export hands the session over and answers the file to save; a merge sends the file's text
// and keeps what it added, and a second merge of the same file is told as changing nothing; refusals
// and unreadable files keep their words and send nothing more.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallValue } from '../../src-shared/ipc/index.js';
import {
  SessionTransfer,
  type CountFileLike,
} from '../../src-renderer/features/sessions/session-transfer.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';
import { sessionView } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const session = sessionView({
  id: 'session-a',
  name: 'Aisle 1',
  progress: { linesCounted: 2, units: 5, unknownCodes: 0 },
});

const FILE_TEXT = '{"format":"stockroom-count-session"}\n';

function fileOf(text: string, name = 'Aisle-1.count.json'): CountFileLike {
  return { name, size: new TextEncoder().encode(text).length, text: () => Promise.resolve(text) };
}

let bridge: FakeBridge;

beforeEach(() => {
  bridge = new FakeBridge();
});

describe('export', () => {
  it('hands the session over and answers the file to save', async () => {
    const exported: CallValue<'counting.exportSession'> = {
      fileName: 'Aisle-1.count.json',
      text: FILE_TEXT,
      session: { ...session, handedOverAt: 1_700_000_100_000 },
    };
    bridge.answer('counting.exportSession', ok(exported));
    const transfer = new SessionTransfer(bridge);

    expect(await transfer.exportSession('session-a', 'Aisle 1')).toEqual(exported);
    expect(bridge.argsOf('counting.exportSession')).toEqual([{ sessionId: 'session-a', handOver: true }]);
    expect(transfer.exported).toEqual({ fileName: 'Aisle-1.count.json', sessionName: 'Aisle 1' });
    expect(transfer.problem).toBeNull();
  });

  it("keeps main's words when the export is refused (open unknown codes)", async () => {
    bridge.answer(
      'counting.exportSession',
      refused('conflict', '1 unknown code is not resolved', 'unresolved-unknown-codes'),
    );
    const transfer = new SessionTransfer(bridge);

    expect(await transfer.exportSession('session-a', 'Aisle 1')).toBeNull();
    expect(transfer.problem).toEqual({
      kind: 'export',
      sessionName: 'Aisle 1',
      message: '1 unknown code is not resolved',
    });
    expect(transfer.exported).toBeNull();
    expect(transfer.busy).toBe(false);
  });
});

describe('merge', () => {
  it("sends the file's text and keeps what the merge added, then that the same file changed nothing", async () => {
    bridge.answer(
      'counting.mergeSession',
      ok({ session, source: 'PC-2: Aisle 1', productsMerged: 2, unchanged: 0 }),
      ok({ session, source: 'PC-2: Aisle 1', productsMerged: 0, unchanged: 2 }),
    );
    const transfer = new SessionTransfer(bridge);

    expect(await transfer.merge('session-b', 'Aisle 2', fileOf(FILE_TEXT))).toBe(true);
    expect(transfer.merged).toEqual({
      fileName: 'Aisle-1.count.json',
      sessionName: 'Aisle 2',
      source: 'PC-2: Aisle 1',
      productsMerged: 2,
      unchanged: 0,
    });
    expect(await transfer.merge('session-b', 'Aisle 2', fileOf(FILE_TEXT))).toBe(true);
    expect(transfer.merged).toMatchObject({ productsMerged: 0, unchanged: 2 });

    expect(bridge.argsOf('counting.mergeSession')).toEqual([
      { sessionId: 'session-b', text: FILE_TEXT },
      { sessionId: 'session-b', text: FILE_TEXT },
    ]);
  });

  it("keeps main's words for a file it refuses, and sends nothing for an empty or unreadable file", async () => {
    bridge.answer(
      'counting.mergeSession',
      refused('invalid-arguments', 'The file is not a count exported by Stockroom (not JSON).'),
    );
    const transfer = new SessionTransfer(bridge);

    expect(await transfer.merge('session-b', 'Aisle 2', fileOf('hello', 'notes.txt'))).toBe(false);
    expect(transfer.problem).toEqual({
      kind: 'merge',
      fileName: 'notes.txt',
      message: 'The file is not a count exported by Stockroom (not JSON).',
    });

    expect(await transfer.merge('session-b', 'Aisle 2', fileOf('', 'empty.json'))).toBe(false);
    expect(transfer.problem).toEqual({ kind: 'unreadable', fileName: 'empty.json' });
    const broken: CountFileLike = {
      name: 'gone.json',
      size: 10,
      text: () => Promise.reject(new Error('gone')),
    };
    expect(await transfer.merge('session-b', 'Aisle 2', broken)).toBe(false);
    expect(transfer.problem).toEqual({ kind: 'unreadable', fileName: 'gone.json' });

    expect(bridge.argsOf('counting.mergeSession')).toHaveLength(1);
    expect(transfer.merged).toBeNull();
    expect(transfer.busy).toBe(false);
  });
});
