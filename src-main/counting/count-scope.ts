// What a count session covers (migration 0006): the whole warehouse, chosen categories, or a list of
// products. The scope decides which products nobody counted are listed as not counted and may be set
// to 0 at commit; products outside it are never touched that way. A scanned product outside the scope
// is still counted (someone counted it on purpose; losing it would lose data), and its line says so.
import type { Database } from 'better-sqlite3';
import { isOneOf, COUNT_SCOPE_KINDS } from '../../src-shared/domain/vocabulary.js';
import { preparedFor } from '../db/statements.js';
import { CountingError } from './counting-errors.js';
import type { CountScope } from '../../src-shared/ipc/schemas/count-records.js';
import type { SessionRow } from './count-session.repository.js';

/** The scope as createSession takes it. */
export type ScopeInput =
  | { readonly kind: 'warehouse' }
  | { readonly kind: 'categories'; readonly categoryIds: readonly number[] }
  | { readonly kind: 'products'; readonly productIds: readonly number[] };

function prepare(db: Database) {
  return {
    insert: db.prepare<[string, string, number]>(
      'INSERT OR IGNORE INTO count_session_scope (session_id, kind, ref_id) VALUES (?, ?, ?)',
    ),
    categories: db.prepare<[string], { id: number; name: string }>(
      `SELECT s.ref_id AS id, coalesce(c.name, '') AS name FROM count_session_scope s
       LEFT JOIN categories c ON c.id = s.ref_id
       WHERE s.session_id = ? AND s.kind = 'category' ORDER BY s.ref_id`,
    ),
    productCount: db
      .prepare<[string], number>(
        `SELECT count(*) FROM count_session_scope WHERE session_id = ? AND kind = 'product'`,
      )
      .pluck(),
    productIds: db
      .prepare<[string], number>(
        `SELECT ref_id FROM count_session_scope WHERE session_id = ? AND kind = 'product'`,
      )
      .pluck(),
    productsInCategories: db
      .prepare<[string], number>(
        `SELECT p.id FROM count_session_scope s JOIN products p ON p.category_id = s.ref_id
         WHERE s.session_id = ? AND s.kind = 'category'`,
      )
      .pluck(),
    hasProduct: db
      .prepare<[string, number], number>(
        `SELECT 1 FROM count_session_scope WHERE session_id = ? AND kind = 'product' AND ref_id = ?`,
      )
      .pluck(),
    hasProductByCategory: db
      .prepare<[string, number], number>(
        `SELECT 1 FROM products p JOIN count_session_scope s
           ON s.session_id = ? AND s.kind = 'category' AND s.ref_id = p.category_id
         WHERE p.id = ?`,
      )
      .pluck(),
    categoryExists: db.prepare<[number], number>('SELECT 1 FROM categories WHERE id = ?').pluck(),
    productExists: db.prepare<[number], number>('SELECT 1 FROM products WHERE id = ?').pluck(),
    warehouseName: db
      .prepare<[string], string>(`SELECT name FROM warehouses WHERE code = ? ORDER BY id LIMIT 1`)
      .pluck(),
  };
}

export class CountScopes {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  get #statements() {
    return preparedFor(this.#db, prepare);
  }

  /**
   * Records the scope of a new session (inside its transaction); unknown ids refuse with 'not-found',
   * unless `asGiven`: a live member takes its host's scope as the host has it, and this PC's catalogue
   * may not know every product or category yet (its scans of them are unknown codes either way).
   */
  record(sessionId: string, scope: ScopeInput, asGiven = false): void {
    const statements = this.#statements;
    if (scope.kind === 'categories') {
      for (const id of scope.categoryIds) {
        if (!asGiven && statements.categoryExists.get(id) === undefined) {
          throw new CountingError('unknown-scope', `No category ${id} in the local catalogue`);
        }
        statements.insert.run(sessionId, 'category', id);
      }
    } else if (scope.kind === 'products') {
      for (const id of scope.productIds) {
        if (!asGiven && statements.productExists.get(id) === undefined) {
          throw new CountingError('product-not-found', `No product ${id} in the local catalogue`);
        }
        statements.insert.run(sessionId, 'product', id);
      }
    }
  }

  /** The scope as createSession took it: what a live host sends its members. */
  input(session: SessionRow): ScopeInput {
    const kind = scopeKind(session);
    if (kind === 'categories')
      return { kind, categoryIds: this.#statements.categories.all(session.id).map((row) => row.id) };
    if (kind === 'products') return { kind, productIds: this.#statements.productIds.all(session.id) };
    return { kind };
  }

  view(session: SessionRow): CountScope {
    const kind = scopeKind(session);
    return {
      kind,
      categories: kind === 'categories' ? this.#statements.categories.all(session.id) : [],
      products: kind === 'products' ? (this.#statements.productCount.get(session.id) ?? 0) : 0,
    };
  }

  /**
   * The products the session covers, or null for the whole warehouse. A category scope follows the
   * catalogue as it is now (a product moved into the category by a sync is in it).
   */
  productIds(session: SessionRow): ReadonlySet<number> | null {
    const kind = scopeKind(session);
    if (kind === 'warehouse') return null;
    const statements = this.#statements;
    return new Set(
      kind === 'products'
        ? statements.productIds.all(session.id)
        : statements.productsInCategories.all(session.id),
    );
  }

  /** A predicate over product ids, built once per call. */
  includes(session: SessionRow): (productId: number) => boolean {
    const ids = this.productIds(session);
    return ids === null ? () => true : (productId) => ids.has(productId);
  }

  /** One product (the scan path: one indexed read, not the whole scope). */
  has(session: SessionRow, productId: number): boolean {
    const kind = scopeKind(session);
    if (kind === 'warehouse') return true;
    const statement =
      kind === 'products' ? this.#statements.hasProduct : this.#statements.hasProductByCategory;
    return statement.get(session.id, productId) !== undefined;
  }

  warehouseName(code: string): string {
    return this.#statements.warehouseName.get(code) ?? '';
  }
}

function scopeKind(session: SessionRow): CountScope['kind'] {
  if (!isOneOf(COUNT_SCOPE_KINDS, session.scope_kind)) {
    throw new Error(`count_sessions.scope_kind holds an unexpected value: ${String(session.scope_kind)}`);
  }
  return session.scope_kind;
}
