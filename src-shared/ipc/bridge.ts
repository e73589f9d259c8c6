// What the page sees of main: `window.stockroom` from the preload, or the web host's WebSocket bridge.
// Both implement exactly this; the renderer reaches it only through src-renderer/lib/api.ts.
import type { CallArgs, CallName, CallValue } from './contract.js';
import type { EventName, EventPayload } from './events.js';
import type { IpcResult } from './result.js';

export interface StockroomBridge {
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<IpcResult<CallValue<N>>>;
  /** Returns the unsubscribe function. */
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}
