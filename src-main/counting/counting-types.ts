// What the counting service takes and returns. Quantities are stock units (Doubles, kept to 6 decimals
// as the back office keeps them); money is baht rounded to satang.
export { DRIFT_POLICIES, type DriftPolicy } from '../outbox/drift.js';
import type { DriftPolicy } from '../outbox/drift.js';

export type SessionState = 'open' | 'committed' | 'discarded';

export interface CreateSessionInput {
  readonly warehouseCode: string;
  /** Blank gives "<warehouse> <Thai date and time>". */
  readonly name?: string;
  /** The UI hides expected figures; the service still records and returns them. Default false. */
  readonly blind?: boolean;
  /** Default 'ask'. */
  readonly driftPolicy?: DriftPolicy;
}

export interface SessionProgress {
  /** Product lines with at least one live event (a line whose every event was undone is not counted). */
  readonly linesCounted: number;
  /** Sum of those lines' counted quantities. */
  readonly units: number;
  /** Unknown codes still to resolve. */
  readonly unknownCodes: number;
}

export interface SessionView {
  readonly id: string;
  readonly name: string;
  readonly warehouseCode: string;
  readonly blind: boolean;
  readonly driftPolicy: DriftPolicy;
  readonly state: SessionState;
  readonly createdAt: number;
  readonly closedAt: number | undefined;
  readonly notCounted: NotCountedChoice | undefined;
  readonly outboxOperationIds: readonly number[];
  readonly progress: SessionProgress;
}

/** The product as the line knows it: the catalogue's figures when the line was first counted. */
export interface LineProduct {
  readonly id: number;
  readonly sku: string;
  readonly barcode: string;
  readonly name: string;
  readonly unittext: string;
  readonly purchaseprice: number;
}

export interface ProductLineView {
  readonly kind: 'product';
  readonly lineId: number;
  readonly sessionId: string;
  readonly product: LineProduct;
  readonly counted: number;
  /** Live scan events (undone ones excluded). */
  readonly scans: number;
  /** False when every event of the line was undone: the line then counts as not counted. */
  readonly isCounted: boolean;
  /** The expected stock at the line's first scan: what the count is compared against at commit. */
  readonly countedAgainst: number;
  /**
   * The expected stock now (local view: server stock + pending outbox operations); in a committed
   * session, the expected stock at its commit.
   */
  readonly expected: number;
}

export type UnknownState = 'open' | 'resolved' | 'discarded';

export interface UnknownLineView {
  readonly kind: 'unknown';
  readonly lineId: number;
  readonly sessionId: string;
  /** The normalised scanned code. */
  readonly code: string;
  readonly counted: number;
  readonly scans: number;
  readonly isCounted: boolean;
  readonly state: UnknownState;
  readonly resolvedProductId: number | undefined;
}

export type CountLineView = ProductLineView | UnknownLineView;

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

export interface UndoResult {
  readonly undoneEventId: number;
  readonly kind: CountEventKind;
  readonly line: CountLineView;
}

export interface ResolveUnknownInput {
  readonly sessionId: string;
  readonly lineId: number;
  readonly productId: number;
  /** Who resolved it (recorded on the merge event; a merge is on nobody's undo stack). */
  readonly counter: string;
}

export interface ResolveUnknownResult {
  /** The product's line, now holding the code's units. */
  readonly line: ProductLineView;
  /**
   * The code to give the product so later scans find it (the UI queues the product update), or
   * undefined when the product already carries it as its barcode.
   */
  readonly barcodeToAssign: string | undefined;
}

export type CountEventKind = 'scan' | 'adjust' | 'set';

export type NotCountedChoice = 'leave' | 'zero';

export interface CommitInput {
  readonly sessionId: string;
  /** Unresolved unknown codes refuse the commit unless the user discards them here. Default false. */
  readonly discardUnknownCodes?: boolean;
  /** Products with stock that nobody counted: leave them alone (default) or count them as 0. */
  readonly notCounted?: NotCountedChoice;
}

export interface CommitResult {
  readonly session: SessionView;
  readonly operationIds: readonly number[];
  readonly linesSent: number;
  readonly unknownCodesDiscarded: number;
}
