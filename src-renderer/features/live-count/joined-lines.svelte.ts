// On a member of a live count: the host's joined lines (decision 0013), a page at a time. Every ack
// from the host names the version of its lines (`member.joined` in live.status); a page of another
// version is read again, one read at a time, so a busy count costs at most one read per change the
// host tells of. A refusal is said in the page's language by its reason.
import type { CallValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import type { MainRefusal, Said } from '../../lib/refusal-words.js';
import { refusalSaid } from '../../lib/refusal-words.js';
import { api } from '../../lib/api.js';
import { lt, type LiveKey } from './live-count-strings.js';

export type JoinedPageValue = CallValue<'live.joined'>;
/** Lines a page shows (the host answers at most this many). */
export const JOINED_PAGE_LINES = 100;

const REFUSED: Readonly<Record<'not-live' | 'unreachable', LiveKey>> = {
  'not-live': 'joinedNotLive',
  unreachable: 'joinedUnreachable',
};

export class JoinedLines {
  readonly sessionId: string;
  readonly #api: StockroomBridge;
  #page = $state.raw<JoinedPageValue | null>(null);
  #failure = $state.raw<MainRefusal | null>(null);
  #offset = 0;
  #reading = false;
  /** Asked for again (another page, a newer version) while a read was on its way. */
  #again = false;

  constructor(sessionId: string, bridge: StockroomBridge = api) {
    this.sessionId = sessionId;
    this.#api = bridge;
  }

  get page(): JoinedPageValue | null {
    return this.#page;
  }

  get said(): Said | null {
    const failure = this.#failure;
    if (failure === null) return null;
    const key =
      failure.reason === 'not-live' || failure.reason === 'unreachable' ? REFUSED[failure.reason] : undefined;
    return refusalSaid(failure, key === undefined ? undefined : lt(key));
  }

  get hasPrevious(): boolean {
    return this.#offset > 0;
  }

  get hasNext(): boolean {
    const page = this.#page;
    return page !== null && page.offset + page.lines.length < page.total;
  }

  /** The host told of `version` (null: not heard yet): read the page again unless it is that one. */
  follow(version: string | null): void {
    if (version !== null && version !== this.#page?.version) void this.load();
  }

  next(): Promise<void> {
    if (!this.hasNext) return Promise.resolve();
    this.#offset += JOINED_PAGE_LINES;
    return this.load();
  }

  previous(): Promise<void> {
    if (!this.hasPrevious) return Promise.resolve();
    this.#offset = Math.max(0, this.#offset - JOINED_PAGE_LINES);
    return this.load();
  }

  /** Reads the page now; asked again while a read is on its way, it reads once more after it. */
  async load(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = true;
    try {
      do {
        this.#again = false;
        const result = await this.#api.call('live.joined', {
          sessionId: this.sessionId,
          offset: this.#offset,
        });
        if (result.ok) {
          this.#page = result.value;
          this.#failure = null;
        } else {
          this.#failure = result.error;
        }
      } while (this.#again);
    } finally {
      this.#reading = false;
    }
  }
}
