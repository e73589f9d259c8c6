// A count's live state on screen (decision 0013): whether this PC hosts it (its code, address and QR,
// the PCs counting with it) or is a member of another PC's count, read again on every `live.changed`
// of the session; and the join form. A refusal is said in the page's language by its reason.
import {
  LIVE_ADDRESS_PATTERN,
  LIVE_CODE_PATTERN,
  LIVE_REFUSAL_REASONS,
  parseLiveJoinText,
} from '../../../src-shared/domain/live-join.js';
import type { CallName, CallValue, IpcResult, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import { lt, type LiveKey } from './live-count-strings.js';

export type LiveStatusValue = CallValue<'live.status'>;

/**
 * What went wrong, kept as it came: the sentence is made when read, in the page's language then. A
 * join's refusal keeps the address it tried (the firewall advice names it).
 */
type Failure = { readonly refusal: MainRefusal; readonly address?: string } | { readonly key: LiveKey };

function failureOf(result: IpcResult<unknown>): Failure | null {
  return result.ok ? null : { refusal: result.error };
}

function saidOf(failure: Failure | null): Said | null {
  if (failure === null) return null;
  if ('key' in failure) return { sentence: lt(failure.key), details: null };
  const reason = failure.refusal.reason;
  const own = LIVE_REFUSAL_REASONS.find((known) => known === reason);
  const values: Record<string, string> = failure.address === undefined ? {} : { address: failure.address };
  return refusalSaid(failure.refusal, own === undefined ? undefined : lt(own satisfies LiveKey, values));
}

/** The live state of one session, kept up to date while `listen` runs. */
export class LiveCount {
  readonly sessionId: string;
  readonly #api: StockroomBridge;
  #status = $state.raw<LiveStatusValue | null>(null);
  #failure = $state.raw<Failure | null>(null);
  #busy = $state(false);
  /** Reads of the state started so far (the newest one's answer is the one shown). */
  #reads = 0;

  constructor(sessionId: string, bridge: StockroomBridge = api) {
    this.sessionId = sessionId;
    this.#api = bridge;
  }

  get status(): LiveStatusValue | null {
    return this.#status;
  }

  get said(): Said | null {
    return saidOf(this.#failure);
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** Reads the state; of several reads on their way (one per `live.changed`), only the newest shows. */
  async load(): Promise<void> {
    const read = ++this.#reads;
    const result = await this.#api.call('live.status', { sessionId: this.sessionId });
    // An older read answering late would put back a member's earlier last change.
    if (result.ok && read === this.#reads) this.#status = result.value;
  }

  /** Reads the state again on each change of this session; `onChanged` too (the page reads its lines). */
  listen(onChanged: () => void): () => void {
    return this.#api.on('live.changed', ({ sessionId }) => {
      if (sessionId !== this.sessionId) return;
      void this.load();
      onChanged();
    });
  }

  /** On the host: PCs still count with it, so the last-scans request is what comes before the commit. */
  get canFlush(): boolean {
    const hosting = this.#status?.host ?? null;
    return hosting !== null && hosting.members.length > 0 && !hosting.readyToCommit && !this.#busy;
  }

  /**
   * The panel's keys on a count of this PC, with Alt: H hosts it (a new code once the window closed),
   * S asks the PCs for their last scans while one still counts — without it a keyboard-only host Tabs
   * through the whole counting page to that button. True when the key started one (the page then
   * keeps it from anything else).
   */
  takeKey(code: string): boolean {
    if ((this.#status?.member ?? null) !== null) return false;
    if (code === 'KeyH') void this.host();
    else if (code === 'KeyS' && this.canFlush) void this.flush();
    else return false;
    return true;
  }

  host = (): Promise<void> => this.#act('live.host');
  closeWindow = (): Promise<void> => this.#act('live.closeWindow');
  stopHosting = (): Promise<void> => this.#act('live.stopHosting');
  flush = (): Promise<void> => this.#act('live.flush');
  leave = (): Promise<void> => this.#act('live.leave');

  async release(memberId: string): Promise<void> {
    this.#busy = true;
    this.#settle(await this.#api.call('live.release', { sessionId: this.sessionId, memberId }));
  }

  async #act(
    name: Extract<
      CallName,
      'live.host' | 'live.closeWindow' | 'live.stopHosting' | 'live.flush' | 'live.leave'
    >,
  ): Promise<void> {
    this.#busy = true;
    this.#settle(await this.#api.call(name, { sessionId: this.sessionId }));
  }

  #settle(result: IpcResult<LiveStatusValue>): void {
    this.#busy = false;
    this.#failure = failureOf(result);
    if (result.ok) this.#status = result.value;
  }
}

/** The join dialog's form: the host's address and code as typed (or a scanned QR's join text). */
export class JoinForm {
  readonly #api: StockroomBridge;
  address = $state('');
  code = $state('');
  #failure = $state.raw<Failure | null>(null);
  #busy = $state(false);
  /** Hosts found on the shop's network (DNS-SD), and whether this PC looks at all. */
  found = $state.raw<ReadonlyArray<{ name: string; address: string }>>([]);
  looking = $state(false);

  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  /** Asks main for the hosts found so far (the dialog calls it while open). */
  async findHosts(): Promise<void> {
    const result = await this.#api.call('live.findHosts', {});
    if (!result.ok) return;
    this.looking = result.value.enabled;
    this.found = result.value.hosts;
  }

  /** A found host chosen: its address fills the field; the code is still typed. */
  choose(address: string): void {
    this.address = address;
  }

  get said(): Said | null {
    return saidOf(this.#failure);
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** The typed address, unless it is a whole join text (the host's QR read by a scanner): then both. */
  takeAddress(text: string): void {
    const joinText = parseLiveJoinText(text);
    if (joinText === null) {
      this.address = text;
      return;
    }
    this.address = joinText.address;
    this.code = joinText.code;
  }

  /** Joins; answers the new session's id, or null with the reason said. */
  async join(): Promise<string | null> {
    const address = this.address.trim();
    const code = this.code.trim();
    if (!LIVE_ADDRESS_PATTERN.test(address)) return this.#refuse('badAddress');
    if (!LIVE_CODE_PATTERN.test(code)) return this.#refuse('badCode');
    this.#busy = true;
    const result = await this.#api.call('live.join', { address, code });
    this.#busy = false;
    this.#failure = result.ok ? null : { refusal: result.error, address };
    return result.ok ? result.value.sessionId : null;
  }

  #refuse(key: LiveKey): null {
    this.#failure = { key };
    return null;
  }
}
