// The web host's WebSocket protocol, shared by both ends (src-main/host and src-renderer/lib/api.ts).
// JSON text frames, one message per frame:
//   page → host   { type: 'call', id, name, args }
//   host → page   { type: 'result', id, result } | { type: 'event', name, payload } | { type: 'error', message, id? }
import type { EventName } from './events.js';
import type { IpcResult } from './result.js';

export interface PageCallFrame {
  readonly type: 'call';
  /** The page's own number for the answer. */
  readonly id: number;
  readonly name: string;
  readonly args?: unknown;
}

export type HostFrame =
  | { readonly type: 'result'; readonly id: number; readonly result: IpcResult<unknown> }
  | { readonly type: 'event'; readonly name: EventName; readonly payload: unknown }
  /** A frame that is not a valid call; `id` when the bad frame had a usable one. */
  | { readonly type: 'error'; readonly message: string; readonly id?: number };
