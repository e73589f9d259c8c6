// What the parts of the counting service share: one database, its statements, the catalogue, the
// local view of stock and the clock.
import type { Database } from 'better-sqlite3';
import type { CatalogueLookup, ProductView } from '../catalog/catalogue-lookup.js';
import type { CodeAliases } from '../catalog/code-aliases.js';
import type {
  CountSessionRepository,
  LineRow,
  NewProductLine,
  SessionRow,
} from './count-session.repository.js';
import type { ProgressRow } from './count-session.repository.js';
import type { ReviewCache } from './count-review-cache.js';
import type { CountReviewRepository } from './count-review.repository.js';
import type { CountScopes } from './count-scope.js';
import { toSessionView } from './count-views.js';
import { CountingError, sessionClosed, sessionNotFound } from './counting-errors.js';
import type { SessionView } from './counting-types.js';
import type { ExpectedStock } from './expected-stock.js';
import type { CycleClassification } from './cycle-classification.js';

export interface CountingContext {
  readonly db: Database;
  readonly repository: CountSessionRepository;
  readonly lookup: CatalogueLookup;
  readonly expected: ExpectedStock;
  readonly scopes: CountScopes;
  readonly review: CountReviewRepository;
  readonly reviewCache: ReviewCache;
  /** Aliases kept on this PC: resolving an unknown code may keep it as one. */
  readonly aliases: CodeAliases;
  /** Value classes, recorded with each committed line (cycle counting). */
  readonly cycleClasses: CycleClassification;
  /** The shelf the counter's next event is on (count-shelves.ts), or null. */
  readonly currentShelf: (sessionId: string, counter: string) => string | null;
  readonly now: () => number;
}

/** The contract's view of a session: its row, progress, warehouse name and scope. */
export function sessionViewOf(
  context: CountingContext,
  row: SessionRow,
  progress: ProgressRow | undefined = context.repository.progress(row.id),
): SessionView {
  return toSessionView(row, progress, {
    warehouseName: context.scopes.warehouseName(row.warehouse_code),
    scope: context.scopes.view(row),
  });
}

export function existingSession(context: CountingContext, sessionId: string): SessionRow {
  const session = context.repository.session(sessionId);
  if (!session) throw sessionNotFound(sessionId);
  return session;
}

/**
 * The session, which must still be open: committed and discarded sessions are read-only, and so is one
 * handed over to another PC (its counts are committed there, exactly once).
 */
export function openSession(context: CountingContext, sessionId: string): SessionRow {
  const session = existingSession(context, sessionId);
  if (session.state !== 'open') throw sessionClosed(sessionId, session.state);
  if (session.handed_over_at !== null) {
    throw new CountingError(
      'session-handed-over',
      `Count session ${session.name} was exported to be committed on another PC: it can no longer change ` +
        'or be committed here (discard it once the other PC has committed)',
    );
  }
  return session;
}

export function lineOfSession(context: CountingContext, sessionId: string, lineId: number): LineRow {
  const line = Number.isSafeInteger(lineId) ? context.repository.line(lineId) : undefined;
  if (!line || line.session_id !== sessionId) {
    throw new CountingError('line-not-found', `Count session ${sessionId} has no line ${String(lineId)}`);
  }
  return line;
}

export function newProductLine(
  sessionId: string,
  product: ProductView,
  countedAgainst: number,
  origin: NewProductLine['origin'],
  at: number,
): NewProductLine {
  return {
    sessionId,
    productId: product.id,
    sku: product.sku,
    barcode: product.barcode,
    name: product.name,
    unittext: product.unittext,
    purchasePrice: product.purchaseprice,
    countedAgainst,
    origin,
    at,
  };
}

/** What a person calls a line in messages: the sku, or the unknown code. */
export function lineLabel(line: LineRow): string {
  return line.kind === 'product'
    ? `${line.sku ?? ''} (product ${String(line.product_id)})`
    : `code ${line.code ?? ''}`;
}
