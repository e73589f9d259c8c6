// WHERE clauses of the lists (documents, incomes and expenses, money transfers, contacts), built from
// fixed SQL fragments with every value bound, so each list filters, counts and totals in SQL and pages
// with LIMIT/OFFSET.
import type { TimeRange } from '../../core/list-helpers.js';

export type SqlValue = string | number;

export class SqlWhere {
  private readonly clauses: string[] = [];
  readonly params: SqlValue[] = [];

  /** A fragment with its `?` placeholders and their values, in order. */
  add(clause: string, ...values: readonly SqlValue[]): this {
    this.clauses.push(clause);
    this.params.push(...values);
    return this;
  }

  /** `column` within a half-open range of epoch ms; open bounds add nothing. */
  range(column: string, range: TimeRange): this {
    if (range.fromMs !== null) this.add(`${column} >= ?`, range.fromMs);
    if (range.toMs !== null) this.add(`${column} < ?`, range.toMs);
    return this;
  }

  /** Inclusive money bounds (fromamount/toamount), compared at satang precision. */
  between(column: string, from: number | undefined, to: number | undefined): this {
    if (from !== undefined) this.add(`ROUND(${column}, 2) >= ROUND(?, 2)`, from);
    if (to !== undefined) this.add(`ROUND(${column}, 2) <= ROUND(?, 2)`, to);
    return this;
  }

  /** Any of `columns` contains `keyword` (instr: no LIKE wildcards to escape; ASCII case-insensitive). */
  keyword(columns: readonly string[], keyword: string | undefined): this {
    if (keyword === undefined) return this;
    const tests = columns.map((column) => `instr(lower(${column}), lower(?)) > 0`);
    return this.add(`(${tests.join(' OR ')})`, ...columns.map(() => keyword));
  }

  /** `column` equals `value` when given. */
  equals(column: string, value: SqlValue | undefined): this {
    return value === undefined ? this : this.add(`${column} = ?`, value);
  }

  /** `column` is one of `values` (a list header); an absent or empty list filters nothing. */
  oneOf(column: string, values: readonly SqlValue[] | undefined): this {
    if (values === undefined || values.length === 0) return this;
    return this.add(`${column} IN (SELECT value FROM json_each(?))`, JSON.stringify(values));
  }

  get sql(): string {
    return this.clauses.length === 0 ? '1 = 1' : this.clauses.join(' AND ');
  }
}
