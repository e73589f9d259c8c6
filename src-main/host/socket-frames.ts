// The web host's WebSocket protocol: JSON text frames, one message per frame.
//
//   page → host   { type: 'call', id, name, args }        id: the page's own number for the answer
//   host → page   { type: 'result', id, result }          result: the IpcResult of ApiCore.call
//                 { type: 'event', name, payload }        every event of ApiCore.subscribe
//                 { type: 'error', message, id? }         a frame that is not a valid call (id when known)
//
// Only the envelope is checked here; the call's name and arguments are ApiCore's to judge, exactly as
// for Electron IPC. The renderer's side of the same protocol is src-renderer/lib/api.ts.
import { z } from 'zod';
import type { HostFrame, PageCallFrame } from '../../src-shared/ipc/frames.js';
import { parseUntrusted } from '../../src-shared/parse-untrusted.js';

export type { HostFrame };

/** Longest call name accepted in a frame (contract names are a few tens of characters). */
export const MAX_CALL_NAME_LENGTH = 100;

const callFrame = z.object({
  type: z.literal('call'),
  id: z.int().nonnegative(),
  name: z.string().max(MAX_CALL_NAME_LENGTH),
  // Left out is the same as undefined: ApiCore answers invalid-arguments, as IPC would.
  args: z.unknown().optional(),
});

export type CallFrame = z.output<typeof callFrame> & PageCallFrame;

export type ParsedFrame =
  | { readonly ok: true; readonly frame: CallFrame }
  | { readonly ok: false; readonly message: string; readonly id?: number };

/** The id of a frame that is an object with a usable id, so an error can name the call it ends. */
function idOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null || !('id' in value)) return undefined;
  const id = value.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

/** Reads one text frame. Never throws: anything unusable comes back with a message for an error frame. */
export function parseFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The frame is not JSON' };
  }
  const parsed = parseUntrusted(callFrame, value);
  if (parsed.success) return { ok: true, frame: parsed.data };
  const id = idOf(value);
  const message = 'The frame is not a call ({ type: "call", id, name, args })';
  return id === undefined ? { ok: false, message } : { ok: false, message, id };
}
