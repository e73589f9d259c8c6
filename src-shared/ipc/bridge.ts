// What the page sees of main: `window.stockroom` from the preload, or the web host's WebSocket bridge.
// Both implement exactly this; the renderer reaches it only through src-renderer/lib/api.ts.
import type { CallArgs, CallName, CallReason, CallValue } from './contract.js';
import type { EventName, EventPayload } from './events.js';
import type { IpcResult } from './result.js';

export interface StockroomBridge {
  /** A refusal's `reason` is typed by the call: only the reasons its contract entry allows. */
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<IpcResult<CallValue<N>, CallReason<N>>>;
  /** Returns the unsubscribe function. */
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}
