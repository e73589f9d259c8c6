// The page's only way to main. In the desktop app the preload puts a StockroomBridge on
// `window.stockroom` (IPC); in a browser served by the web host (`npm run web`) this module builds the
// same bridge over the host's WebSocket. Nothing else in the renderer touches either.
//
// The WebSocket bridge (protocol: src-shared/ipc/frames.ts):
// - the token comes from the page's URL once (`?token=…`, printed by the host); it is kept in
//   sessionStorage (this tab and origin only) and taken out of the address bar, so it is not left in
//   the history or in a screenshot;
// - calls made while the socket is (re)connecting wait for it, up to CONNECT_WAIT_MS, then fail with a
//   clear error; a call already sent when the connection drops fails at once ("may or may not have
//   run"): it is never sent twice, since a write might have been applied;
// - after a drop it reconnects with backoff (250 ms doubling to 5 s, with jitter) and tells `onLink`
//   listeners, who read the current state again (events sent while away are not replayed);
// - a refused token (close 4401) or a page opened without one stops trying: reconnecting cannot help.
//
// Payloads are trusted as the contract types them: main parsed every result and event with the
// contract's schemas before sending, and validating again here would bring zod into the page.
import type { HostFrame } from '../../src-shared/ipc/frames.js';
import type {
  CallArgs,
  CallName,
  CallReason,
  CallValue,
  EventName,
  EventPayload,
  IpcResult,
  StockroomBridge,
} from '../../src-shared/ipc/index.js';

/** How the page is linked to main. Always 'open' in the desktop app. */
export type LinkState = 'connecting' | 'open' | 'reconnecting' | 'refused' | 'no-token';

export const CONNECT_WAIT_MS = 10_000;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;
const TOKEN_REFUSED = 4401;
const TOKEN_KEY = 'stockroom.webHostToken';

type Listener = (payload: unknown) => void;
type Settle = (result: IpcResult<unknown>) => void;

function failure(code: 'internal' | 'refused', message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}

const LOST = failure(
  'internal',
  'The connection to Stockroom was lost while this was running; it may or may not have been done.',
);
const NOT_CONNECTED = failure('internal', 'Stockroom is not reachable: the page could not connect to it.');
const REFUSED = failure(
  'refused',
  'This page has no valid link to Stockroom. Open the address printed by "npm run web" again.',
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads a host frame; null for anything else (the host is ours, so that would be a bug worth a warning). */
function readFrame(text: unknown): HostFrame | null {
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  if (value.type === 'result' && typeof value.id === 'number' && isRecord(value.result)) {
    return { type: 'result', id: value.id, result: value.result as IpcResult<unknown> };
  }
  if (value.type === 'event' && typeof value.name === 'string') {
    return { type: 'event', name: value.name as EventName, payload: value.payload };
  }
  if (value.type === 'error' && typeof value.message === 'string') {
    return typeof value.id === 'number'
      ? { type: 'error', message: value.message, id: value.id }
      : { type: 'error', message: value.message };
  }
  return null;
}

/** The token of this tab: from the URL the first time (then removed from it), else from sessionStorage. */
function takeToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl !== null && fromUrl !== '') {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

class SocketBridge implements StockroomBridge {
  readonly #url: string | null;
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #linkListeners = new Set<(state: LinkState) => void>();
  /** Sent and not answered yet. */
  readonly #inFlight = new Map<number, Settle>();
  /** Waiting for the socket to open. */
  readonly #waiting = new Map<number, { text: string; settle: Settle; timer: number }>();
  #socket: WebSocket | null = null;
  #state: LinkState;
  #nextId = 1;
  #retries = 0;

  constructor(token: string | null) {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    this.#url =
      token === null ? null : `${scheme}://${window.location.host}/api?token=${encodeURIComponent(token)}`;
    this.#state = token === null ? 'no-token' : 'connecting';
    this.#connect();
  }

  get state(): LinkState {
    return this.#state;
  }

  onLink(listener: (state: LinkState) => void): () => void {
    this.#linkListeners.add(listener);
    return () => this.#linkListeners.delete(listener);
  }

  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<IpcResult<CallValue<N>, CallReason<N>>> {
    const id = this.#nextId++;
    const text = JSON.stringify({ type: 'call', id, name, args });
    return new Promise<IpcResult<unknown>>((settle) => {
      if (this.#state === 'refused' || this.#state === 'no-token') return settle(REFUSED);
      if (this.#socket !== null && this.#socket.readyState === WebSocket.OPEN) {
        this.#inFlight.set(id, settle);
        this.#socket.send(text);
        return;
      }
      const timer = window.setTimeout(() => {
        this.#waiting.delete(id);
        settle(NOT_CONNECTED);
      }, CONNECT_WAIT_MS);
      this.#waiting.set(id, { text, settle, timer });
    }) as Promise<IpcResult<CallValue<N>, CallReason<N>>>;
  }

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    const set = this.#listeners.get(name) ?? new Set<Listener>();
    this.#listeners.set(name, set);
    const wrapped: Listener = (payload) => listener(payload as EventPayload<E>);
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  #setState(state: LinkState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of [...this.#linkListeners]) listener(state);
  }

  #connect(): void {
    if (this.#url === null) return;
    const socket = new WebSocket(this.#url);
    this.#socket = socket;
    socket.onopen = () => {
      this.#retries = 0;
      for (const [id, { text, settle, timer }] of this.#waiting) {
        window.clearTimeout(timer);
        this.#inFlight.set(id, settle);
        socket.send(text);
      }
      this.#waiting.clear();
      this.#setState('open');
    };
    socket.onmessage = (message) => this.#receive(message.data);
    socket.onclose = (event) => this.#closed(event.code);
  }

  #receive(data: unknown): void {
    const frame = readFrame(data);
    if (frame === null) return console.warn('Stockroom: ignored a frame the page does not understand');
    if (frame.type === 'event') {
      for (const listener of [...(this.#listeners.get(frame.name) ?? [])]) listener(frame.payload);
      return;
    }
    if (frame.type === 'error' && frame.id === undefined) {
      return console.warn(`Stockroom host: ${frame.message}`);
    }
    if (frame.id === undefined) return;
    const settle = this.#inFlight.get(frame.id);
    this.#inFlight.delete(frame.id);
    settle?.(frame.type === 'result' ? frame.result : failure('internal', frame.message));
  }

  #closed(code: number): void {
    this.#socket = null;
    // A refused socket ran nothing: the host closes it before reading a frame.
    for (const settle of this.#inFlight.values()) settle(code === TOKEN_REFUSED ? REFUSED : LOST);
    this.#inFlight.clear();
    if (code === TOKEN_REFUSED) {
      sessionStorage.removeItem(TOKEN_KEY);
      for (const { settle, timer } of this.#waiting.values()) {
        window.clearTimeout(timer);
        settle(REFUSED);
      }
      this.#waiting.clear();
      this.#setState('refused');
      return;
    }
    this.#setState(this.#state === 'connecting' ? 'connecting' : 'reconnecting');
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.#retries);
    this.#retries += 1;
    window.setTimeout(() => this.#connect(), delay * (0.8 + Math.random() * 0.4));
  }
}

function isBridge(value: unknown): value is StockroomBridge {
  return isRecord(value) && typeof value.call === 'function' && typeof value.on === 'function';
}

interface Link {
  readonly bridge: StockroomBridge;
  state(): LinkState;
  onLink(listener: (state: LinkState) => void): () => void;
}

function createLink(): Link {
  const preload: unknown = Reflect.get(window, 'stockroom');
  if (isBridge(preload)) {
    return { bridge: preload, state: () => 'open', onLink: () => () => undefined };
  }
  const socket = new SocketBridge(takeToken());
  return { bridge: socket, state: () => socket.state, onLink: (listener) => socket.onLink(listener) };
}

const link = createLink();

/** The bridge to main: `api.call('catalogue.search', { text })`, `api.on('sync.progress', …)`. */
export const api: StockroomBridge = link.bridge;

/** The state of the link to main now. */
export function linkState(): LinkState {
  return link.state();
}

/** Told when the link changes (web host only); returns the unsubscribe. */
export function onLinkChange(listener: (state: LinkState) => void): () => void {
  return link.onLink(listener);
}
