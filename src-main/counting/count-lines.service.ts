// What counters do to lines: scan, set, adjust, undo, and resolving an unknown code. Each call is one
// synchronous IMMEDIATE transaction (the event and the line's new figure land together or not at all)
// and touches only SQLite: the scan path never waits for the network.
import { barcodeKey, hasShelfPrefix, normaliseScannedCode } from '../../src-shared/barcode/index.js';
import { enqueueProductBarcode } from '../outbox/enqueue.js';
import { EMPTY_FIGURE, lineFigure } from './count-line-figure.js';
import { checkedCounter, checkedQuantity, roundQuantity } from './count-quantity.js';
import type { EventKind, LineRow, SessionRow } from './count-session.repository.js';
import { toLineView, toProductLineView, toUnknownLineView, type LineDetails } from './count-views.js';
import { lineLabel, lineOfSession, newProductLine, openSession } from './counting-context.js';
import type { CountingContext } from './counting-context.js';
import { CountingError, invalidInput } from './counting-errors.js';
import type {
  CountLineView,
  LineQuantityInput,
  ResolveUnknownInput,
  ResolveUnknownResult,
  ScanInput,
  UndoInput,
  UndoResult,
  UnknownLineView,
} from './counting-types.js';

const MAX_CODE_LENGTH = 200;

export interface EventToRecord {
  readonly counter: string;
  readonly kind: Exclude<EventKind, 'merge'>;
  readonly quantity: number;
  readonly code: string | null;
  readonly at: number;
  /** The shelf the counter is on (count-shelves.ts); null before any shelf label. */
  readonly shelfCode?: string | null;
}

export class CountLineService {
  readonly #context: CountingContext;

  constructor(context: CountingContext) {
    this.#context = context;
  }

  /**
   * Adds `quantity` (default 1) to the line of the scanned code — × the pack's units for a pack code;
   * an unknown code gets a line to resolve.
   */
  scan(input: ScanInput): CountLineView {
    const counter = checkedCounter(input.counter);
    const quantity = checkedQuantity(input.quantity ?? 1, 'positive');
    const code = checkedCode(input.code);
    const { review, reviewCache } = this.#context;
    const { view, before, after, line } = this.#context.db
      .transaction(() => {
        // Read inside the write lock: no other connection can commit between the two.
        const versionBefore = review.version();
        const session = openSession(this.#context, input.sessionId);
        const at = this.#context.now();
        const found = this.#lineForCode(session, code, at);
        const units = found.pack === null ? quantity : roundQuantity(quantity * found.pack.units);
        const shelfCode = this.#context.currentShelf(session.id, counter);
        const event: EventToRecord = { counter, kind: 'scan', quantity: units, code, at, shelfCode };
        const recorded = this.#record(session, found.line, found.expected, event);
        return {
          view: toLineView(
            recorded,
            () => found.expected ?? 0,
            (productId) => this.#context.scopes.has(session, productId),
            found.pack,
          ),
          before: versionBefore,
          after: review.version(),
          line: recorded,
        };
      })
      .immediate();
    // The next review brings this line up to date instead of reading the whole warehouse again.
    reviewCache.scanned(input.sessionId, before, after, line);
    return view;
  }

  /** Makes the line exactly `quantity`, whoever counted it before (see count-line-figure.ts). */
  setQuantity(input: LineQuantityInput): CountLineView {
    return this.#changeLine(input, 'set', checkedQuantity(input.quantity, 'nonNegative'));
  }

  /** Adds a positive or negative quantity to the line (the result may not go below 0). */
  adjustQuantity(input: LineQuantityInput): CountLineView {
    return this.#changeLine(input, 'adjust', checkedQuantity(input.quantity, 'nonZero'));
  }

  /** Undoes the counter's latest live event in the session; called again, the one before it. */
  undoLast(input: UndoInput): UndoResult {
    const counter = checkedCounter(input.counter);
    return this.#context.db
      .transaction(() => {
        const session = openSession(this.#context, input.sessionId);
        const { repository } = this.#context;
        const event = repository.lastLiveEvent(session.id, counter);
        if (!event) {
          throw new CountingError('nothing-to-undo', `${counter} has nothing left to undo in this session`);
        }
        if (event.kind === 'merge') throw new Error('A merge is on no undo stack');
        repository.markUndone(event.id, this.#context.now());
        let line = checkedNotNegative(this.#refigure(event.line_id));
        // The units of a resolved code live on in the product's line: refigure that one too.
        if (
          line.kind === 'unknown' &&
          line.unknown_state === 'resolved' &&
          line.resolved_product_id !== null
        ) {
          const productLine = repository.productLine(session.id, line.resolved_product_id);
          if (productLine) line = checkedNotNegative(this.#refigure(productLine.id));
        }
        return { undoneEventId: event.id, kind: event.kind, line: this.#view(session, line) };
      })
      .immediate();
  }

  /**
   * Gives an unknown code's units to a product: they add to the product's line from now on (a merge
   * event) and later scans of the code in this session count for the product. The code itself is kept
   * as an alias on this PC ('alias'), queued as the product's barcode ('barcode', which replaces the
   * one it has for the whole store), or returned for the page to decide ('none'), all in this
   * transaction. The answer names the barcode giving the code would replace, so the page can default
   * to the alias.
   */
  resolveUnknown(input: ResolveUnknownInput): ResolveUnknownResult {
    const counter = checkedCounter(input.counter);
    return this.#context.db
      .transaction(() => {
        const { repository, lookup } = this.#context;
        const session = openSession(this.#context, input.sessionId);
        const unknown = lineOfSession(this.#context, session.id, input.lineId);
        if (unknown.kind !== 'unknown' || unknown.code === null || unknown.unknown_state !== 'open') {
          throw invalidInput(`Line ${input.lineId} is not an unknown code waiting to be resolved`);
        }
        const product = lookup.product(input.productId);
        if (!product) {
          throw new CountingError(
            'product-not-found',
            `No product ${input.productId} in the local catalogue`,
          );
        }
        const at = this.#context.now();
        const expected = this.#context.expected.of(session.warehouse_code, product.id);
        const existing = repository.productLine(session.id, product.id);
        const productLine =
          existing ??
          repository.insertProductLine(newProductLine(session.id, product, expected, 'counter', at));
        repository.markResolved(unknown.id, product.id);
        repository.insertEvent({
          sessionId: session.id,
          lineId: productLine.id,
          counter,
          kind: 'merge',
          quantity: unknown.counted,
          code: unknown.code,
          mergedLineId: unknown.id,
          at,
        });
        if (productLine.live_events === 0 && productLine.counted_against !== expected) {
          repository.retakeSnapshot(productLine.id, expected, at);
        }
        const line = this.#refigure(productLine.id);
        const code = unknown.code;
        const current = lookup.currentBarcode(product.id) ?? '';
        const carriesCode = current !== '' && barcodeKey(current) === barcodeKey(code);
        const keepCodeAs = input.keepCodeAs ?? 'none';
        const alias =
          keepCodeAs === 'alias' && !carriesCode ? this.#context.aliases.add(product.id, code, 1) : null;
        const operationId =
          keepCodeAs === 'barcode' && !carriesCode
            ? enqueueProductBarcode(this.#context.db, {
                productId: product.id,
                sku: product.sku,
                barcode: code,
              }).operationId
            : null;
        return {
          line: toProductLineView(line, expected, {
            inScope: this.#context.scopes.has(session, product.id),
            pack: null,
          }),
          barcodeToAssign: keepCodeAs === 'none' && !carriesCode ? code : null,
          replacesBarcode: current === '' || carriesCode ? null : current,
          alias,
          operationId,
        };
      })
      .immediate();
  }

  /** Drops an open unknown code's units (the line stays, 'discarded'); any other line is refused. */
  removeUnknownCode(sessionId: string, lineId: number): UnknownLineView {
    return this.#context.db
      .transaction(() => {
        const session = openSession(this.#context, sessionId);
        const line = lineOfSession(this.#context, session.id, lineId);
        if (line.kind !== 'unknown' || !this.#context.repository.discardUnknownLine(line.id)) {
          throw invalidInput(`Line ${lineId} is not an unknown code waiting to be resolved`);
        }
        return toUnknownLineView(lineOfSession(this.#context, session.id, lineId));
      })
      .immediate();
  }

  #changeLine(input: LineQuantityInput, kind: 'set' | 'adjust', quantity: number): CountLineView {
    const counter = checkedCounter(input.counter);
    return this.#context.db
      .transaction(() => {
        const session = openSession(this.#context, input.sessionId);
        const line = lineOfSession(this.#context, session.id, input.lineId);
        if (line.kind === 'unknown' && line.unknown_state !== 'open') {
          throw invalidInput(
            `The units of ${lineLabel(line)} now count on product ${String(line.resolved_product_id)}'s line`,
          );
        }
        const expected = this.#expectedOf(session, line);
        const event: EventToRecord = {
          counter,
          kind,
          quantity,
          code: null,
          at: this.#context.now(),
          shelfCode: this.#context.currentShelf(session.id, counter),
        };
        return toLineView(
          this.#record(session, line, expected, event),
          () => expected ?? 0,
          (productId) => this.#context.scopes.has(session, productId),
        );
      })
      .immediate();
  }

  /**
   * The product's line (found by barcode, an alias or pack, or sku, then a code resolved in this
   * session) or the code's; `pack` when the code stands for more than one unit.
   */
  #lineForCode(
    session: SessionRow,
    code: string,
    at: number,
  ): { line: LineRow; expected?: number; pack: LineDetails['pack'] } {
    const { repository, lookup, expected } = this.#context;
    const found = lookup.lookupScan(code);
    if (found) {
      const { product, alias } = found;
      const expectedNow = expected.of(session.warehouse_code, product.id);
      const line =
        repository.productLine(session.id, product.id) ??
        repository.insertProductLine(newProductLine(session.id, product, expectedNow, 'counter', at));
      const pack = alias !== null && alias.units !== 1 ? alias : null;
      return { line, expected: expectedNow, pack };
    }
    const unknown = repository.unknownLine(session.id, code);
    if (unknown?.unknown_state === 'resolved' && unknown.resolved_product_id !== null) {
      const resolved = repository.productLine(session.id, unknown.resolved_product_id);
      if (resolved) return { line: resolved, expected: this.#expectedOf(session, resolved), pack: null };
    }
    return { line: unknown ?? repository.insertUnknownLine(session.id, code, at), pack: null };
  }

  #record(session: SessionRow, line: LineRow, expected: number | undefined, event: EventToRecord): LineRow {
    return recordLineEvent(this.#context, session, line, expected, event);
  }

  /** Recomputes the line's figure from its live events (after an undo or a merge). */
  #refigure(lineId: number): LineRow {
    const { repository } = this.#context;
    const events = repository.liveEventsOfLine(lineId).map((event) => ({
      kind: event.kind,
      quantity: event.quantity,
      mergedLineId: event.merged_line_id,
    }));
    const figure = lineFigure(events, (mergedLineId) => {
      const merged = repository.line(mergedLineId);
      return merged
        ? { counted: merged.counted, scans: merged.scans, liveEvents: merged.live_events }
        : EMPTY_FIGURE;
    });
    return repository.setDerived(lineId, figure.counted, figure.scans, figure.liveEvents);
  }

  #expectedOf(session: SessionRow, line: LineRow): number | undefined {
    return line.product_id === null
      ? undefined
      : this.#context.expected.of(session.warehouse_code, line.product_id);
  }

  #view(session: SessionRow, line: LineRow): CountLineView {
    const expected = this.#expectedOf(session, line);
    return toLineView(
      line,
      () => expected ?? 0,
      (productId) => this.#context.scopes.has(session, productId),
    );
  }
}

function checkedCode(raw: string): string {
  const code = typeof raw === 'string' ? normaliseScannedCode(raw) : '';
  if (code === '') throw invalidInput('The scanned code is blank');
  if (code.length > MAX_CODE_LENGTH)
    throw invalidInput(`The scanned code is longer than ${MAX_CODE_LENGTH} characters`);
  // A shelf label is never a product nor an unknown code: the page sends it as counting.enterShelf.
  if (hasShelfPrefix(code))
    throw new CountingError(
      'shelf-code',
      `${code} is a shelf label: scanned in a count, it chooses the shelf`,
    );
  return code;
}

function negativeCount(line: LineRow, counted: number): CountingError {
  return new CountingError(
    'negative-count',
    `This would leave ${lineLabel(line)} at ${counted}: a count cannot go below 0 (set the line's figure instead)`,
  );
}

function checkedNotNegative(line: LineRow): LineRow {
  if (line.counted < 0) throw negativeCount(line, line.counted);
  return line;
}

/**
 * Appends the event and moves the line's figure with it (count-line-figure.ts, incrementally): scan and
 * adjust add, set replaces. Inside the caller's transaction.
 */
export function recordLineEvent(
  context: CountingContext,
  session: SessionRow,
  line: LineRow,
  expected: number | undefined,
  event: EventToRecord,
): LineRow {
  const { repository } = context;
  const counted = event.kind === 'set' ? event.quantity : roundQuantity(line.counted + event.quantity);
  if (counted < 0) throw negativeCount(line, counted);
  // A line nobody counts any more (every event undone) starts again from today's expected figure.
  if (
    line.kind === 'product' &&
    line.live_events === 0 &&
    expected !== undefined &&
    line.counted_against !== expected
  ) {
    repository.retakeSnapshot(line.id, expected, event.at);
  }
  repository.insertEvent({ ...event, sessionId: session.id, lineId: line.id, mergedLineId: null });
  return repository.addEventToLine(line.id, counted, event.kind === 'scan' ? 1 : 0, event.at);
}
