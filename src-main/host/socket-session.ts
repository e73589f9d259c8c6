// One page's WebSocket after the upgrade was allowed and the token checked: calls go to ApiCore (the same
// validation as Electron IPC), answers and events go back as text frames. Three bounds keep one page from
// hurting the host or the other pages:
//
// - bad frames (not JSON, binary, not a call) are answered with an error frame and counted; after
//   `maxBadFrames` the socket is closed (1008): a page of ours never sends one, so many mean a bug or a probe;
// - calls in flight: past `maxCallsInFlight` a call is answered `refused` at once instead of queueing work;
// - slow consumers: a page that stops reading (frozen tab, suspended laptop) would make the host buffer
//   every event for it without end, so when a send finds more than `maxBufferedBytes` waiting, the socket
//   is dropped at once (terminate: a close frame would wait behind the same buffer). The page reconnects
//   and reads the current state again (src-renderer/lib/api.ts).
import type { WebSocket } from 'ws';
import { ipcFail, type IpcResult } from '../../src-shared/ipc/result.js';
import type { ApiCore } from '../api/api-core.js';
import type { Logger } from '../logging/index.js';
import { parseFrame, type HostFrame } from './socket-frames.js';

export interface SocketLimits {
  /** Bytes waiting to be written to one socket before it is dropped as too slow. */
  readonly maxBufferedBytes: number;
  /** Bad frames tolerated per socket before it is closed. */
  readonly maxBadFrames: number;
  /** Calls of one socket running at once; more are refused. */
  readonly maxCallsInFlight: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  // A first-sync progress event is a few hundred bytes and a search answer of 500 products ~150 KiB:
  // 4 MiB is many answers behind, never a healthy page.
  maxBufferedBytes: 4 * 1024 * 1024,
  maxBadFrames: 16,
  maxCallsInFlight: 64,
};

/** Close codes the page can act on (4000-4999 are the application's own). */
export const CLOSE_CODES = {
  /** The host is stopping. */
  goingAway: 1001,
  /** Too many bad frames. */
  policyViolation: 1008,
  /** Frame larger than the host accepts (sent by ws itself). */
  tooBig: 1009,
  /** Missing or wrong token: reconnecting cannot help; the page asks for the printed link. */
  tokenRefused: 4401,
} as const;

const INTERNAL_FAILURE = ipcFail(
  'internal',
  'Something went wrong in Stockroom; the details are in the log.',
);

export class SocketSession {
  readonly #socket: WebSocket;
  readonly #api: ApiCore;
  readonly #limits: SocketLimits;
  readonly #logger: Logger;
  #badFrames = 0;
  #inFlight = 0;
  #closed = false;

  constructor(socket: WebSocket, api: ApiCore, limits: SocketLimits, logger: Logger) {
    this.#socket = socket;
    this.#api = api;
    this.#limits = limits;
    this.#logger = logger;
    socket.on('message', (data, isBinary) => {
      if (isBinary) return this.#badFrame('Binary frames are not accepted; send JSON text');
      this.#receive(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8'));
    });
    socket.on('close', () => {
      this.#closed = true;
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Sends a frame already serialised (events are serialised once for every socket). */
  sendText(text: string): void {
    if (this.#closed) return;
    if (this.#socket.bufferedAmount > this.#limits.maxBufferedBytes) {
      this.#closed = true;
      this.#logger.warn('Dropped a web page that stopped reading', {
        bufferedBytes: this.#socket.bufferedAmount,
      });
      this.#socket.terminate();
      return;
    }
    this.#socket.send(text);
  }

  /** Closes the socket with a code the page acts on. */
  close(code: number, reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#socket.close(code, reason);
  }

  #send(frame: HostFrame): void {
    let text: string;
    try {
      text = JSON.stringify(frame);
    } catch (error) {
      // A result that cannot be serialised is a bug in main: the page still gets its answer.
      this.#logger.error('A web host frame could not be serialised', { type: frame.type, error });
      if (frame.type !== 'result') return;
      text = JSON.stringify({ type: 'result', id: frame.id, result: INTERNAL_FAILURE } satisfies HostFrame);
    }
    this.sendText(text);
  }

  #badFrame(message: string, id?: number): void {
    this.#badFrames += 1;
    this.#send(id === undefined ? { type: 'error', message } : { type: 'error', message, id });
    if (this.#badFrames >= this.#limits.maxBadFrames) {
      this.#logger.warn('Closed a web socket that sent too many bad frames', { badFrames: this.#badFrames });
      this.close(CLOSE_CODES.policyViolation, 'Too many bad frames');
    }
  }

  #receive(text: string): void {
    if (this.#closed) return;
    const parsed = parseFrame(text);
    if (!parsed.ok) return this.#badFrame(parsed.message, parsed.id);
    const { id, name, args } = parsed.frame;
    if (this.#inFlight >= this.#limits.maxCallsInFlight) {
      const refused = ipcFail(
        'refused',
        `Too many calls at once (${this.#limits.maxCallsInFlight}); wait for answers before sending more.`,
      );
      return this.#send({ type: 'result', id, result: refused });
    }
    this.#inFlight += 1;
    void this.#call(id, name, args);
  }

  async #call(id: number, name: string, args: unknown): Promise<void> {
    let result: IpcResult<unknown>;
    try {
      result = await this.#api.call(name, args, 'web');
    } catch (error) {
      // ApiCore never throws by contract; a host must not die if it ever does.
      this.#logger.error('ApiCore.call threw', { error });
      result = INTERNAL_FAILURE;
    } finally {
      this.#inFlight -= 1;
    }
    this.#send({ type: 'result', id, result });
  }
}
