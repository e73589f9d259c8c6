// One session's review on screen: the totals (whole session), one filtered page of rows, the commit and
// the CSV export. Each reload supersedes the one before, so a quick run of filter or page changes
// shows the last one asked for, never a late answer to an earlier one. The page reads the state through
// getters and changes it only through the methods.
import type { CallReason, CallValue, IpcError, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import { rt, type ReviewKey } from './review-strings.js';
import { PAYMENT_RULE } from '../../../src-shared/domain/typed-number.js';
import { readQuantity } from '../counting/quantity-text.js';

export type SessionReview = CallValue<'counting.review'>;
export type ReviewRow = SessionReview['rows'][number];
export type ReviewFilter = SessionReview['filter'];
export type CommitResult = CallValue<'counting.commit'>;
export type NotCountedChoice = 'leave' | 'zero';
export type RecountChoice = 'first' | 'recount';
/** Each PC's part of one counted line (only lines counted on two PCs or more are kept). */
export type Contribution = CallValue<'counting.contributions'>[number]['sources'][number];

/** Which lines to mark for a recount: a variance threshold in units or baht, or chosen lines. */
export interface RecountSelection {
  readonly minUnits?: number;
  readonly minValue?: number;
  readonly lineIds?: readonly number[];
}

/** Why a commit was refused, kept as data so the words follow a language switch. */
export type CommitRefusal =
  | { readonly kind: 'unresolvedUnknownCodes' }
  | { readonly kind: 'nothingToCommit' }
  | { readonly kind: 'liveScansPending' }
  | { readonly kind: 'liveMemberSession' }
  /** Said in the page's typed words for its code or reason (refusal-words), never main's raw text. */
  | { readonly kind: 'other'; readonly refusal: MainRefusal };

export interface CommitChoices {
  readonly discardUnknownCodes: boolean;
  readonly notCounted: NotCountedChoice;
}

/**
 * A recount threshold as typed (units or baht, read whatever the keyboard layout): undefined when blank
 * (no threshold), null when it is not a number above 0.
 */
export function readThreshold(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  // Units or baht: the money rule (2 decimals, above 0) covers both thresholds.
  const read = readQuantity(text, PAYMENT_RULE);
  return read.ok ? read.quantity : null;
}

type ExportReason = CallReason<'counting.exportCsv'>;

/** Every reason counting.exportCsv can refuse with, in the review's words (a new one needs its own). */
const EXPORT_REFUSED: Readonly<Record<ExportReason, ReviewKey>> = {
  'invalid-input': 'exportRefusedInput',
  'session-not-found': 'exportRefusedSession',
};

/** The filters in the order of their tabs (Alt+1 … Alt+5). Kept here: the contract's list brings zod. */
export const FILTERS: readonly ReviewFilter[] = ['all', 'variance', 'notCounted', 'unknown', 'drifted'];

/** Rows per page (the call allows up to 500; 100 keeps a page quick to read and to render). */
export const PAGE_SIZE = 100;

export class SessionReviewState {
  readonly sessionId: string;
  readonly #api: StockroomBridge;
  #review = $state.raw<SessionReview | null>(null);
  #filter = $state<ReviewFilter>('all');
  #offset = $state(0);
  #loading = $state(false);
  #error = $state<string | null>(null);
  #committing = $state(false);
  #commitRefusal = $state.raw<CommitRefusal | null>(null);
  #committed = $state.raw<CommitResult | null>(null);
  #exporting = $state(false);
  #exportedFileName = $state<string | null>(null);
  #exportError = $state.raw<IpcError<ExportReason> | null>(null);
  #recountMarked = $state<number | null>(null);
  #recountError = $state<string | null>(null);
  #contributions = $state.raw<ReadonlyMap<number, readonly Contribution[]>>(new Map());

  #ticket = 0;

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(sessionId: string, bridge: StockroomBridge = api) {
    this.sessionId = sessionId;
    this.#api = bridge;
  }

  get review(): SessionReview | null {
    return this.#review;
  }

  get filter(): ReviewFilter {
    return this.#filter;
  }

  /** The first row of the page asked for (0-based). */
  get offset(): number {
    return this.#offset;
  }

  get loading(): boolean {
    return this.#loading;
  }

  get error(): string | null {
    return this.#error;
  }

  get committing(): boolean {
    return this.#committing;
  }

  get commitRefusal(): CommitRefusal | null {
    return this.#commitRefusal;
  }

  /** The answer of the commit made on this screen (a session opened already committed has none). */
  get committed(): CommitResult | null {
    return this.#committed;
  }

  get exporting(): boolean {
    return this.#exporting;
  }

  get exportedFileName(): string | null {
    return this.#exportedFileName;
  }

  /** Why the last export was refused, in the page's language (main's text behind Details). */
  get exportError(): Said | null {
    const error = this.#exportError;
    if (error === null) return null;
    return refusalSaid(error, error.reason === undefined ? undefined : rt(EXPORT_REFUSED[error.reason]));
  }

  /** How many lines the last recount request marked (null before any). */
  get recountMarked(): number | null {
    return this.#recountMarked;
  }

  /** Main's words when marking or choosing a recount was refused. */
  get recountError(): string | null {
    return this.#recountError;
  }

  /** Per line id, each PC's part, for lines counted on two PCs or more. */
  get contributions(): ReadonlyMap<number, readonly Contribution[]> {
    return this.#contributions;
  }

  get readOnly(): boolean {
    return this.#review !== null && this.#review.session.state !== 'open';
  }

  /** 1-based first and last row of the page shown, and how many match the filter. */
  get range(): { first: number; last: number; total: number } {
    const review = this.#review;
    if (review === null || review.matching === 0) return { first: 0, last: 0, total: 0 };
    return { first: review.offset + 1, last: review.offset + review.rows.length, total: review.matching };
  }

  get hasPrevious(): boolean {
    return this.#offset > 0;
  }

  get hasNext(): boolean {
    return this.#review !== null && this.#offset + PAGE_SIZE < this.#review.matching;
  }

  async load(): Promise<void> {
    const ticket = ++this.#ticket;
    this.#loading = true;
    const result = await this.#api.call('counting.review', {
      sessionId: this.sessionId,
      filter: this.#filter,
      offset: this.#offset,
      limit: PAGE_SIZE,
    });
    if (ticket !== this.#ticket) return;
    this.#loading = false;
    if (!result.ok) {
      this.#error = result.error.message;
      return;
    }
    this.#error = null;
    this.#review = result.value;
    // Fewer rows than before (a commit, another filter): come back to the last page that has rows.
    if (result.value.matching > 0 && this.#offset >= result.value.matching) {
      this.#offset = Math.floor((result.value.matching - 1) / PAGE_SIZE) * PAGE_SIZE;
      await this.load();
    }
  }

  showFilter(filter: ReviewFilter): Promise<void> {
    this.#filter = filter;
    this.#offset = 0;
    return this.load();
  }

  nextPage(): Promise<void> {
    if (!this.hasNext) return Promise.resolve();
    this.#offset += PAGE_SIZE;
    return this.load();
  }

  previousPage(): Promise<void> {
    if (!this.hasPrevious) return Promise.resolve();
    this.#offset = Math.max(0, this.#offset - PAGE_SIZE);
    return this.load();
  }

  /** Forgets the last commit's refusal (the dialog opens afresh). */
  clearCommitRefusal(): void {
    this.#commitRefusal = null;
  }

  /** Commits with the dialog's choices; true when the session is now committed. */
  async commit(choices: CommitChoices): Promise<boolean> {
    this.#committing = true;
    this.#commitRefusal = null;
    const result = await this.#api.call('counting.commit', {
      sessionId: this.sessionId,
      discardUnknownCodes: choices.discardUnknownCodes,
      notCounted: choices.notCounted,
    });
    this.#committing = false;
    if (!result.ok) {
      switch (result.error.reason) {
        case 'unresolved-unknown-codes':
          this.#commitRefusal = { kind: 'unresolvedUnknownCodes' };
          break;
        case 'nothing-to-commit':
          this.#commitRefusal = { kind: 'nothingToCommit' };
          break;
        case 'live-scans-pending':
          this.#commitRefusal = { kind: 'liveScansPending' };
          break;
        case 'live-member-session':
          this.#commitRefusal = { kind: 'liveMemberSession' };
          break;
        default:
          this.#commitRefusal = { kind: 'other', refusal: result.error };
      }
      return false;
    }
    this.#committed = result.value;
    await this.load();
    return true;
  }

  /** The session as CSV with its file name, or null (with `exportError` saying why). */
  async exportCsv(): Promise<CallValue<'counting.exportCsv'> | null> {
    this.#exporting = true;
    this.#exportedFileName = null;
    this.#exportError = null;
    const result = await this.#api.call('counting.exportCsv', { sessionId: this.sessionId });
    this.#exporting = false;
    if (!result.ok) {
      this.#exportError = result.error;
      return null;
    }
    this.#exportedFileName = result.value.fileName;
    return result.value;
  }

  /** Marks lines for a blind recount; true when the call went through (the review is read again). */
  async requestRecount(selection: RecountSelection): Promise<boolean> {
    this.#recountError = null;
    const result = await this.#api.call('counting.requestRecount', {
      sessionId: this.sessionId,
      ...(selection.minUnits === undefined ? {} : { minUnits: selection.minUnits }),
      ...(selection.minValue === undefined ? {} : { minValue: selection.minValue }),
      ...(selection.lineIds === undefined ? {} : { lineIds: [...selection.lineIds] }),
    });
    if (!result.ok) {
      this.#recountError = result.error.message;
      return false;
    }
    this.#recountMarked = result.value.marked;
    await this.load();
    return true;
  }

  /** Which count of a recounted line the commit sends. */
  async chooseRecount(lineId: number, use: RecountChoice): Promise<boolean> {
    this.#recountError = null;
    const result = await this.#api.call('counting.chooseRecount', { sessionId: this.sessionId, lineId, use });
    if (!result.ok) {
      this.#recountError = result.error.message;
      return false;
    }
    await this.load();
    return true;
  }

  /** Reads each PC's part of the counted lines (merged sessions); keeps the lines counted on two PCs. */
  async loadContributions(): Promise<void> {
    const result = await this.#api.call('counting.contributions', { sessionId: this.sessionId });
    if (!result.ok) {
      this.#error = result.error.message;
      return;
    }
    const shared = new Map<number, readonly Contribution[]>();
    for (const line of result.value) {
      const parts = line.sources.filter((source) => source.counted !== 0);
      if (parts.length > 1) shared.set(line.lineId, parts);
    }
    this.#contributions = shared;
  }
}
