// Several PCs, one count (decision 0013), on the sessions page: a session exported to a file for the PC
// that commits the count (the export hands it over: it can no longer change or commit here), and a file
// from another PC merged into an open session. What a merge added is kept as data so the page's words
// follow a language switch; merging the same file again adds nothing, and says so.
import type { CallValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type ExportedSession = CallValue<'counting.exportSession'>;

/** What the last merge did: who the counts came from, how many products changed and stayed the same. */
export interface MergeOutcome {
  readonly fileName: string;
  readonly sessionName: string;
  readonly source: string;
  readonly productsMerged: number;
  readonly unchanged: number;
}

/** Why an export or a merge did not happen (main's words, or an unreadable file). */
export type TransferProblem =
  | { readonly kind: 'export'; readonly sessionName: string; readonly message: string }
  | { readonly kind: 'merge'; readonly fileName: string; readonly message: string; readonly reason?: string }
  | { readonly kind: 'unreadable'; readonly fileName: string };

/** The most a count file may be (the contract's bound on the text). */
export const MAX_COUNT_FILE_CHARACTERS = 20_000_000;

/** A file as the page hands it over: its name and a way to read its text. */
export interface CountFileLike {
  readonly name: string;
  readonly size: number;
  text(): Promise<string>;
}

export class SessionTransfer {
  readonly #api: StockroomBridge;
  #busy = $state(false);
  #exported = $state.raw<{ fileName: string; sessionName: string } | null>(null);
  #merged = $state.raw<MergeOutcome | null>(null);
  #problem = $state.raw<TransferProblem | null>(null);

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** The file the last export saved, and its session. */
  get exported(): { fileName: string; sessionName: string } | null {
    return this.#exported;
  }

  get merged(): MergeOutcome | null {
    return this.#merged;
  }

  get problem(): TransferProblem | null {
    return this.#problem;
  }

  /** Exports this PC's counts of the session and hands it over; the file to save, or null (problem kept). */
  async exportSession(sessionId: string, sessionName: string): Promise<ExportedSession | null> {
    this.#start();
    const result = await this.#api.call('counting.exportSession', { sessionId, handOver: true });
    this.#busy = false;
    if (!result.ok) {
      this.#problem = { kind: 'export', sessionName, message: result.error.message };
      return null;
    }
    this.#exported = { fileName: result.value.fileName, sessionName };
    return result.value;
  }

  /** Merges another PC's count file into the open session; true when merged (the outcome is kept). */
  async merge(sessionId: string, sessionName: string, file: CountFileLike): Promise<boolean> {
    this.#start();
    try {
      let text: string;
      try {
        if (file.size === 0 || file.size > MAX_COUNT_FILE_CHARACTERS * 4) throw new Error('size');
        text = await file.text();
      } catch {
        this.#problem = { kind: 'unreadable', fileName: file.name };
        return false;
      }
      if (text.length === 0 || text.length > MAX_COUNT_FILE_CHARACTERS) {
        this.#problem = { kind: 'unreadable', fileName: file.name };
        return false;
      }
      const result = await this.#api.call('counting.mergeSession', { sessionId, text });
      if (!result.ok) {
        const { message, reason } = result.error;
        this.#problem = {
          kind: 'merge',
          fileName: file.name,
          message,
          ...(reason === undefined ? {} : { reason }),
        };
        return false;
      }
      const { source, productsMerged, unchanged } = result.value;
      this.#merged = { fileName: file.name, sessionName, source, productsMerged, unchanged };
      return true;
    } finally {
      this.#busy = false;
    }
  }

  #start(): void {
    this.#busy = true;
    this.#problem = null;
    this.#exported = null;
    this.#merged = null;
  }
}
