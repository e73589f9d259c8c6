// Replaces src-renderer/lib/api.ts in the state classes' unit tests (vi.mock), so importing a class does
// not build the page's real bridge (which needs `window` and opens a WebSocket). A class the test forgot
// to give a FakeBridge fails loudly instead of reaching for it.
//
//   vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));
import type { StockroomBridge } from '../../../src-shared/ipc/index.js';

function notHere(): never {
  throw new Error("A state class used the page's bridge in a unit test: give it a FakeBridge");
}

export const api: StockroomBridge = { call: notHere, on: notHere };

export function linkState(): 'open' {
  return 'open';
}

export function onLinkChange(): () => void {
  return () => undefined;
}
