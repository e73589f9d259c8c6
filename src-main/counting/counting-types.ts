// What the counting service takes and returns. It returns the IPC contract's own shapes
// (src-shared/ipc/schemas/counting.ts, `null` for absent), so nothing maps them again on the way out.
// Quantities are stock units (Doubles, kept to 6 decimals as the back office keeps them); money is baht
// rounded to satang.
import type { z } from 'zod';
import type { CallValue } from '../../src-shared/ipc/index.js';
import type { productLine, unknownLine } from '../../src-shared/ipc/schemas/count-records.js';
import type { DriftPolicy, KeepCodeChoice, NotCountedChoice } from '../../src-shared/domain/vocabulary.js';
import type { ScopeInput } from './count-scope.js';

export {
  COUNT_EVENT_KINDS,
  DRIFT_POLICIES,
  KEEP_CODE_CHOICES,
  LINE_ORDERS,
  NOT_COUNTED_CHOICES,
  SESSION_STATES,
  UNKNOWN_CODE_STATES,
  type CountEventKind,
  type DriftPolicy,
  type KeepCodeChoice,
  type LineOrder,
  type NotCountedChoice,
  type SessionState,
  type UnknownCodeState,
} from '../../src-shared/domain/vocabulary.js';

export type SessionView = CallValue<'counting.session'>;
export type SessionProgress = SessionView['progress'];
export type ProductLineView = z.output<typeof productLine>;
/** The product as the line knows it: the catalogue's figures when the line was first counted. */
export type LineProduct = ProductLineView['product'];
export type UnknownLineView = z.output<typeof unknownLine>;
export type CountLineView = CallValue<'counting.scan'>;
export type UndoResult = CallValue<'counting.undoLast'>;
/**
 * The product's line, now holding the code's units, and the code to give the product so later scans
 * find it (the page queues the product update), or null when the product already carries it.
 */
export type ResolveUnknownResult = CallValue<'counting.resolveUnknown'>;
export type CommitResult = CallValue<'counting.commit'>;

export interface CreateSessionInput {
  readonly warehouseCode: string;
  /** Blank gives "<warehouse> <Thai date and time>". */
  readonly name?: string;
  /** The UI hides expected figures; the service still records and returns them. Default false. */
  readonly blind?: boolean;
  /** Default 'ask'. */
  readonly driftPolicy?: DriftPolicy;
  /** Who starts it (the sessions list shows it). */
  readonly counter?: string;
  /** Default: the whole warehouse. */
  readonly scope?: ScopeInput;
  /** The scope is a live host's: recorded as given, even ids this PC's catalogue does not know. */
  readonly scopeAsGiven?: boolean;
}

export interface ScanInput {
  readonly sessionId: string;
  /** What the scanner typed (normalised here) or a typed sku. */
  readonly code: string;
  /** Who scanned: each counter has their own undo stack. */
  readonly counter: string;
  /** Units this scan adds; default 1. */
  readonly quantity?: number;
}

export interface LineQuantityInput {
  readonly sessionId: string;
  readonly lineId: number;
  readonly counter: string;
  readonly quantity: number;
}

export interface UndoInput {
  readonly sessionId: string;
  readonly counter: string;
}

export interface ResolveUnknownInput {
  readonly sessionId: string;
  readonly lineId: number;
  readonly productId: number;
  /** Who resolved it (recorded on the merge event; a merge is on nobody's undo stack). */
  readonly counter: string;
  /** What to do with the code itself (default 'none': the page decides, as before). */
  readonly keepCodeAs?: KeepCodeChoice;
}

export interface CommitInput {
  readonly sessionId: string;
  /** Unresolved unknown codes refuse the commit unless the user discards them here. Default false. */
  readonly discardUnknownCodes?: boolean;
  /** Products with stock that nobody counted: leave them alone (default) or count them as 0. */
  readonly notCounted?: NotCountedChoice;
}
