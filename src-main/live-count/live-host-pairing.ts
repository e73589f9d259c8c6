// How a socket becomes a member's connection on the host: the OPAQUE handshake against the join
// window's code (a new member) or a member's own secret (a rejoin), the wrong-code limit, and the
// bound on handshakes in progress. Nothing about the count is sent before it succeeds.
import { randomInt, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { WebSocket } from 'ws';
import type { Logger } from '../logging/index.js';
import { SealedChannel } from './live-channel.js';
import { hostFinishLogin, hostStartLogin, registrationRecordFor } from './live-handshake.js';
import { JOIN_IDENTITY, parseClearFrame, type RefusalReason } from './live-protocol.js';
import { liveStatements } from './live-store.js';

/** Wrong codes one join window takes before it closes (a new window has a new code). */
export const MAX_WRONG_CODES = 5;
const HANDSHAKE_TIMEOUT_MS = 10_000;
const MAX_PENDING_HANDSHAKES = 8;

interface JoinWindow {
  readonly identity: string;
  readonly code: string;
  readonly record: string;
  wrongCodes: number;
}

/** `joined`: the member came in with the join code (it is new); else it rejoined with its secret. */
export type SealedHandler = (
  socket: WebSocket,
  channel: SealedChannel,
  identity: string,
  joined: boolean,
) => void;

export interface HostPairingOptions {
  readonly db: Database;
  readonly sessionId: string;
  readonly serverSetup: string;
  readonly logger: Logger | undefined;
  /** The window opened or closed. */
  readonly onChange: () => void;
}

export class HostPairing {
  readonly #options: HostPairingOptions;
  readonly #serverSetup: string;
  #window: JoinWindow | undefined;
  #pendingHandshakes = 0;

  constructor(options: HostPairingOptions) {
    this.#options = options;
    this.#serverSetup = options.serverSetup;
  }

  openWindow(): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const identity = `${JOIN_IDENTITY}:${randomUUID()}`;
    this.#window = {
      identity,
      code,
      record: registrationRecordFor(this.#serverSetup, identity, code),
      wrongCodes: 0,
    };
    this.#options.onChange();
    return code;
  }

  closeWindow(): void {
    this.#window = undefined;
    this.#options.onChange();
  }

  get windowOpen(): boolean {
    return this.#window !== undefined;
  }

  /** Runs the handshake on a new socket; `sealed` gets the connection once the secret matched. */
  accept(socket: WebSocket, sealed: SealedHandler): void {
    if (this.#pendingHandshakes >= MAX_PENDING_HANDSHAKES) {
      refuse(socket, 'busy');
      return;
    }
    this.#pendingHandshakes += 1;
    let pending = true;
    const settle = (): void => {
      if (!pending) return;
      pending = false;
      this.#pendingHandshakes -= 1;
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      socket.terminate();
    }, HANDSHAKE_TIMEOUT_MS);
    let step: 'hello' | 'finish' | 'refused' = 'hello';
    let login: { state: string; identity: string; window: JoinWindow | undefined } | undefined;
    const onHandshake = (data: unknown, isBinary: boolean): void => {
      const frame = isBinary ? undefined : parseClearFrame(String(data));
      if (frame === undefined) {
        refuse(socket, 'bad-frame');
        return;
      }
      if (step === 'hello' && frame.t === 'hello') {
        const started = this.#startLogin(frame.identity, frame.request);
        if ('refused' in started) {
          refuse(socket, started.refused);
          return;
        }
        login = started;
        step = 'finish';
        socket.send(JSON.stringify({ t: 'challenge', response: started.response }));
        return;
      }
      if (step === 'finish' && frame.t === 'finish' && login !== undefined) {
        const sessionKey = hostFinishLogin(login.state, frame.request);
        if (sessionKey === undefined) {
          // Counted here, once: the close that follows must not count it again.
          step = 'refused';
          if (login.window !== undefined) this.#wrongCode(login.window);
          refuse(socket, login.window === undefined ? 'unknown-member' : 'wrong-code');
          return;
        }
        settle();
        socket.off('message', onHandshake);
        sealed(socket, new SealedChannel(sessionKey, 'host'), login.identity, login.window !== undefined);
        return;
      }
      refuse(socket, 'bad-frame');
    };
    socket.on('message', onHandshake);
    socket.on('close', () => {
      // A join abandoned after the challenge counts as a wrong code: else guessing is free.
      if (pending && step === 'finish' && login?.window !== undefined) this.#wrongCode(login.window);
      settle();
    });
    socket.on('error', () => {
      socket.terminate();
    });
  }

  #startLogin(
    identity: string,
    request: string,
  ):
    | { refused: RefusalReason }
    | { state: string; response: string; identity: string; window: JoinWindow | undefined } {
    if (identity === JOIN_IDENTITY) {
      const window = this.#window;
      if (window === undefined) return { refused: 'window-closed' };
      const started = hostStartLogin(this.#serverSetup, window.identity, window.record, request);
      return started === undefined ? { refused: 'bad-frame' } : { ...started, identity, window };
    }
    const member = liveStatements(this.#options.db).member.get(this.#options.sessionId, identity);
    if (member === undefined) return { refused: 'unknown-member' };
    const started = hostStartLogin(this.#serverSetup, identity, member.registration_record, request);
    return started === undefined ? { refused: 'bad-frame' } : { ...started, identity, window: undefined };
  }

  #wrongCode(window: JoinWindow): void {
    window.wrongCodes += 1;
    this.#options.logger?.warn('live count: a join with a wrong code was refused', {
      wrongCodes: window.wrongCodes,
    });
    if (window.wrongCodes >= MAX_WRONG_CODES && this.#window === window) {
      this.#options.logger?.warn('live count: join window closed after too many wrong codes', {
        wrongCodes: window.wrongCodes,
      });
      this.#window = undefined;
      this.#options.onChange();
    }
  }
}

function refuse(socket: WebSocket, reason: RefusalReason): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ t: 'refused', reason }));
  socket.close();
}
