// A counting page loaded against a fake bridge, and the unknown-code lines main answers, for the
// counting state's tests.
import type { CountLine } from '../../../src-shared/ipc/index.js';
import { CountingSession } from '../../../src-renderer/features/counting/counting.svelte.js';
import { type FakeBridge, ok } from './fake-bridge.js';
import { SESSION_ID, sessionView } from './fixtures.js';

export const session = sessionView();

export type UnknownLine = Extract<CountLine, { kind: 'unknown' }>;

export function unknownLine(lineId: number, code: string, counted: number): UnknownLine {
  return {
    kind: 'unknown',
    lineId,
    sessionId: SESSION_ID,
    code,
    counted,
    scans: counted,
    isCounted: true,
    state: 'open',
    resolvedProductId: null,
  };
}

/** A session loaded with these lines. */
export async function loaded(bridge: FakeBridge, lines: CountLine[]): Promise<CountingSession> {
  bridge.answer('counting.session', ok(session)).answer('counting.lines', ok(lines));
  const counting = new CountingSession(SESSION_ID, bridge);
  await counting.load();
  return counting;
}
