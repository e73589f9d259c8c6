// Count sessions: the service behind the screen warehouse staff use all day. Everything is local and
// synchronous (SQLite, WAL, synchronous=FULL): a count, once the call returns, survives a power cut.
// Scans and line changes: count-lines.service.ts; review: count-review.ts; commit: count-commit.ts.
import { codeIndexPage, type CodeIndexPage } from './count-code-index.js';
import { openCountsHolding, type OpenCountHolding } from './count-usage.js';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';
import { isOneOf } from '../../src-shared/domain/vocabulary.js';
import type { RecountChoice } from '../../src-shared/domain/vocabulary.js';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import { MAX_SESSION_NAME_LENGTH } from '../../src-shared/ipc/schemas/counting.js';
import { formatThaiDateTime } from '../../src-shared/time/index.js';
import { CatalogueLookup } from '../catalog/catalogue-lookup.js';
import { CatalogueRepository } from '../catalog/catalogue.repository.js';
import { CodeAliases } from '../catalog/code-aliases.js';
import { commitSession } from './count-commit.js';
import { countSessionCsv, csvFileName } from './count-csv.js';
import { CountMerge } from './count-merge.js';
import { memberCodes } from './count-live-codes.js';
import { CountLiveFigures, withMembers, type MemberFigure } from './count-live-figures.js';

import { CountRecount } from './count-recount.js';
import { CountLineService } from './count-lines.service.js';
import {
  REVIEW_FILTERS,
  reviewSession,
  type ReviewFilter,
  type ReviewPage,
  type SessionReview,
} from './count-review.js';
import { CountSessionRepository } from './count-session.repository.js';
import { ReviewCache } from './count-review-cache.js';
import { CountReviewRepository } from './count-review.repository.js';
import { CountScopes, type ScopeInput } from './count-scope.js';
import { countSheetProducts, type CountSheetProduct } from './count-sheet.js';
import { toLineView } from './count-views.js';
import { existingSession, lineOfSession, sessionViewOf, type CountingContext } from './counting-context.js';
import { CountingError, invalidInput, sessionClosed } from './counting-errors.js';
import { DRIFT_POLICIES, LINE_ORDERS, SESSION_STATES, type LineOrder } from './counting-types.js';
import type {
  CommitInput,
  CommitResult,
  CountLineView,
  CreateSessionInput,
  LineQuantityInput,
  ResolveUnknownInput,
  ResolveUnknownResult,
  ScanInput,
  SessionState,
  SessionView,
  UndoInput,
  UndoResult,
  UnknownLineView,
} from './counting-types.js';
import { ExpectedStock, expectedAtCommit, isFrozen } from './expected-stock.js';
import { CycleClassification } from './cycle-classification.js';
import { CountShelves } from './count-shelves.js';
import { Shelves } from '../shelves/shelves.js';

export interface CountingServiceOptions {
  /** Epoch milliseconds; tests pass a fixed clock. */
  readonly now?: () => number;
  /**
   * How this PC is named in a count file merged elsewhere and among a merged count's sources (default:
   * the host name); a function is read at each use (the PC-name setting). A display name only.
   */
  readonly pcName?: string | (() => string);
}

export class CountingService {
  readonly #context: CountingContext;
  readonly #catalogue: CatalogueRepository;
  readonly #lines: CountLineService;
  readonly #merge: CountMerge;
  readonly #recount: CountRecount;
  readonly #shelves: Shelves;
  readonly #countShelves: CountShelves;
  readonly #live: CountLiveFigures;

  constructor(db: Database, options: CountingServiceOptions = {}) {
    const lookup = new CatalogueLookup(db);
    this.#context = {
      db,
      repository: new CountSessionRepository(db),
      lookup,
      expected: new ExpectedStock(db, lookup),
      scopes: new CountScopes(db),
      review: new CountReviewRepository(db),
      reviewCache: new ReviewCache(),
      aliases: new CodeAliases({ db, lookup, now: options.now ?? Date.now }),
      cycleClasses: new CycleClassification(db),
      currentShelf: (sessionId, counter) => this.#countShelves.currentCode(sessionId, counter),
      now: options.now ?? Date.now,
    };
    this.#catalogue = new CatalogueRepository(db);
    this.#shelves = new Shelves({
      db,
      warehouseCodes: () => this.#catalogue.warehouses().map((warehouse) => warehouse.code),
      now: this.#context.now,
    });
    this.#countShelves = new CountShelves(this.#context, this.#shelves);
    this.#lines = new CountLineService(this.#context);
    const { pcName = hostname() } = options;
    this.#merge = new CountMerge(
      this.#context,
      typeof pcName === 'string' ? () => pcName : pcName,
      this.#countShelves,
    );
    this.#recount = new CountRecount(this.#context);
    this.#live = new CountLiveFigures(this.#context, this.#merge, this.#countShelves);
  }

  /** The warehouses' shelves (the `shelves.*` calls): a count finds its shelf labels among them. */
  get shelves(): Shelves {
    return this.#shelves;
  }

  /** A shelf label scanned: the counter's next scans are on it (count-shelves.ts). */
  enterShelf(args: ParsedCallArgs<'counting.enterShelf'>): CallValue<'counting.enterShelf'> {
    return this.#countShelves.enterShelf(args);
  }

  currentShelf(args: ParsedCallArgs<'counting.currentShelf'>): CallValue<'counting.currentShelf'> {
    return this.#countShelves.currentShelf(args);
  }

  /** The counter looked: nothing on the shelf (refused while units were counted on it). */
  confirmShelfEmpty(
    args: ParsedCallArgs<'counting.confirmShelfEmpty'>,
  ): CallValue<'counting.confirmShelfEmpty'> {
    return this.#countShelves.confirmShelfEmpty(args);
  }

  shelfReview(args: ParsedCallArgs<'counting.shelfReview'>): CallValue<'counting.shelfReview'> {
    return this.#countShelves.shelfReview(args);
  }

  /** The value classes commits record (cycle counting reads the same, so a commit reuses the list's). */
  get cycleClassification(): CycleClassification {
    return this.#context.cycleClasses;
  }

  /** Opens a session on a warehouse the local catalogue knows. */
  createSession(input: CreateSessionInput): SessionView {
    const warehouseCode = typeof input.warehouseCode === 'string' ? input.warehouseCode.trim() : '';
    const scope = input.scope ?? { kind: 'warehouse' };
    const driftPolicy = input.driftPolicy ?? 'ask';
    if (!isOneOf(DRIFT_POLICIES, driftPolicy)) {
      throw invalidInput(
        `The drift policy is one of ${DRIFT_POLICIES.join(', ')} (got ${String(driftPolicy)})`,
      );
    }
    const at = this.#context.now();
    const name = (input.name ?? '').trim() || `${warehouseCode} ${formatThaiDateTime(at)}`;
    if (name.length > MAX_SESSION_NAME_LENGTH)
      throw invalidInput(`The session name is longer than ${MAX_SESSION_NAME_LENGTH} characters`);
    return this.#context.db
      .transaction(() => {
        if (!this.#catalogue.warehouses().some((warehouse) => warehouse.code === warehouseCode)) {
          throw new CountingError(
            'unknown-warehouse',
            `No warehouse "${warehouseCode}" in the local catalogue (sync the warehouses, or check the code)`,
          );
        }
        const id = randomUUID();
        this.#context.repository.insertSession({
          id,
          name,
          warehouse_code: warehouseCode,
          blind: input.blind === true ? 1 : 0,
          drift_policy: driftPolicy,
          state: 'open',
          created_at: at,
          closed_at: null,
          not_counted: null,
          outbox_operation_ids: null,
          started_by: input.counter?.trim() || null,
          scope_kind: scope.kind,
          handed_over_at: null,
        });
        this.#context.scopes.record(id, scope, input.scopeAsGiven === true);
        return this.session(id);
      })
      .immediate();
  }

  /** Sessions, newest first, with their progress; optionally only those in one state. */
  listSessions(filter: { readonly state?: SessionState } = {}): SessionView[] {
    if (filter.state !== undefined && !isOneOf(SESSION_STATES, filter.state)) {
      throw invalidInput(`A session is ${SESSION_STATES.join(', ')} (got ${String(filter.state)})`);
    }
    const progress = this.#context.repository.progressOfAll();
    return this.#context.repository
      .sessions(filter.state)
      .map((row) => sessionViewOf(this.#context, row, progress.get(row.id)));
  }

  session(sessionId: string): SessionView {
    return sessionViewOf(this.#context, existingSession(this.#context, sessionId));
  }

  /** Differs whenever this store's counts may have changed (a live host then tells its members). */
  changeVersion(): string {
    return this.#context.review.version();
  }

  /** The session's scope with its ids (a live host sends it to its members). */
  scopeInput(sessionId: string): ScopeInput {
    return this.#context.scopes.input(existingSession(this.#context, sessionId));
  }

  /**
   * Every line of the session (unknown codes included): in the order first counted, or the line changed
   * last first ('lastCounted', what the counting page lists).
   */
  lines(sessionId: string, order: LineOrder = 'firstCounted'): CountLineView[] {
    if (!isOneOf(LINE_ORDERS, order)) {
      throw invalidInput(`The line order is one of ${LINE_ORDERS.join(', ')} (got ${String(order)})`);
    }
    const session = existingSession(this.#context, sessionId);
    const { repository, scopes } = this.#context;
    const rows =
      order === 'lastCounted' ? repository.linesLastFirst(session.id) : repository.lines(session.id);
    const inScope = scopes.includes(session);
    if (isFrozen(session)) return rows.map((row) => toLineView(row, () => expectedAtCommit(row), inScope));
    const productIds = rows.flatMap((row) => (row.product_id === null ? [] : [row.product_id]));
    const expected = this.#context.expected.ofMany(session.warehouse_code, productIds);
    const views = rows.map((row) => toLineView(row, (productId) => expected.get(productId) ?? 0, inScope));
    return withMembers(views, this.memberCodes(session.id));
  }

  line(sessionId: string, lineId: number): CountLineView {
    const session = existingSession(this.#context, sessionId);
    const row = lineOfSession(this.#context, session.id, lineId);
    const inScope = (productId: number) => this.#context.scopes.has(session, productId);
    if (isFrozen(session)) return toLineView(row, () => expectedAtCommit(row), inScope);
    return toLineView(
      row,
      (productId) => this.#context.expected.of(session.warehouse_code, productId),
      inScope,
    );
  }

  scan(input: ScanInput): CountLineView {
    return this.#lines.scan(input);
  }

  /** A page of the codes the counting page may show a scan of at once (count-code-index.ts). */
  codeIndex(sessionId: string, after: string | null, limit: number): CodeIndexPage {
    return codeIndexPage(this.#context, sessionId, after, limit);
  }

  setQuantity(input: LineQuantityInput): CountLineView {
    return this.#lines.setQuantity(input);
  }

  adjustQuantity(input: LineQuantityInput): CountLineView {
    return this.#lines.adjustQuantity(input);
  }

  undoLast(input: UndoInput): UndoResult {
    return this.#lines.undoLast(input);
  }

  resolveUnknown(input: ResolveUnknownInput): ResolveUnknownResult {
    return this.#lines.resolveUnknown(input);
  }

  removeUnknownCode(sessionId: string, lineId: number): UnknownLineView {
    return this.#lines.removeUnknownCode(sessionId, lineId);
  }

  /** Totals always cover the whole session; `page` limits the rows (not-counted rows read the catalogue). */
  review(sessionId: string, filter: ReviewFilter = 'all', page: ReviewPage = {}): SessionReview {
    if (!REVIEW_FILTERS.includes(filter)) {
      throw invalidInput(`The review filter is one of ${REVIEW_FILTERS.join(', ')} (got ${String(filter)})`);
    }
    // One read transaction: the lines and the stock figures they are compared with are of one moment.
    return this.#context.db.transaction(() =>
      reviewSession(this.#context, existingSession(this.#context, sessionId), filter, page),
    )();
  }

  /** The session and the products its count sheet lists (scope × warehouse, expected stock, by sku). */
  countSheet(sessionId: string): { session: SessionView; products: CountSheetProduct[] } {
    return this.#context.db.transaction(() => {
      const session = existingSession(this.#context, sessionId);
      return {
        session: sessionViewOf(this.#context, session),
        products: countSheetProducts(this.#context, session),
      };
    })();
  }

  commit(input: CommitInput): CommitResult {
    return commitSession(this.#context, input);
  }

  /**
   * Abandons an open session (one handed over to another PC included): nothing is sent; it stays listed,
   * read-only, as discarded.
   */
  discardSession(sessionId: string): SessionView {
    return this.#context.db
      .transaction(() => {
        const session = existingSession(this.#context, sessionId);
        if (session.state !== 'open') throw sessionClosed(session.id, session.state);
        this.#context.repository.closeSession(session.id, 'discarded', this.#context.now(), null, null);
        return this.session(session.id);
      })
      .immediate();
  }

  /** This PC's counts of the session as a file to merge on another PC (count-merge.ts). */
  exportSession(sessionId: string, handOver = true): CallValue<'counting.exportSession'> {
    return this.#merge.exportSession(sessionId, handOver);
  }

  /** Adds another PC's exported counts to this open session; the same file twice changes nothing. */
  mergeSession(sessionId: string, text: string): CallValue<'counting.mergeSession'> {
    return this.#merge.mergeSession(sessionId, text);
  }

  /**
   * A live member's changes (decisions 0013, 0021): each becomes that member's part, shelf by shelf,
   * as a merged file's would, on the open session; its shelf visits are recorded. The caller holds the
   * transaction (it records the member's sequence in the same one). Returns how many changed.
   */
  applyMemberFigures(
    sessionId: string,
    source: { readonly sessionId: string; readonly label: string },
    figures: readonly MemberFigure[],
  ): number {
    return this.#live.apply(sessionId, source, figures);
  }

  /** A member's line now: its figure and units per shelf, for the change its stream sends. */
  memberLineNow(lineId: number): ReturnType<CountLiveFigures['lineNow']> {
    return this.#live.lineNow(lineId);
  }

  /** Each live member's part of each unknown code on the host's session (migration 0028). */
  memberCodes(sessionId: string): Array<{ code: string; source_label: string; counted: number }> {
    return memberCodes(this.#context.db, sessionId);
  }

  contributions(sessionId: string): CallValue<'counting.contributions'> {
    return this.#merge.contributions(sessionId);
  }

  /** Marks counted lines for a blind recount (count-recount.ts). */
  requestRecount(input: ParsedCallArgs<'counting.requestRecount'>): CallValue<'counting.requestRecount'> {
    return this.#recount.request(input);
  }

  recountLines(sessionId: string): CallValue<'counting.recountLines'> {
    existingSession(this.#context, sessionId);
    return this.#recount.lines(sessionId);
  }

  recordRecount(input: ParsedCallArgs<'counting.recordRecount'>): CallValue<'counting.recordRecount'> {
    return this.#recount.record(input);
  }

  chooseRecount(sessionId: string, lineId: number, use: RecountChoice): CallValue<'counting.chooseRecount'> {
    return this.#recount.choose(sessionId, lineId, use);
  }

  /** The whole review (counted lines, products nobody counted, unknown codes) as CSV text and a file name. */
  /** Open sessions with a line of the product, and its counted figure there. */
  openCountsHolding(productId: number): OpenCountHolding[] {
    return openCountsHolding(this.#context.db, productId);
  }

  exportCsv(sessionId: string): { fileName: string; csv: string } {
    const review = this.review(sessionId, 'all');
    return { fileName: csvFileName(review.session.name), csv: countSessionCsv(review.rows) };
  }
}
