// The parts of a list query that change with its filter: the WHERE conditions given (only those, so each
// filter shape is one SQL text) and the statements prepared once per SQL text on a connection.
import type { Database, Statement } from 'better-sqlite3';

/** WHERE conditions with their parameters, in the order added. */
export class SqlConditions {
  readonly #conditions: string[];
  readonly #params: unknown[];

  constructor(first?: { condition: string; params: readonly unknown[] }) {
    this.#conditions = first === undefined ? [] : [first.condition];
    this.#params = first === undefined ? [] : [...first.params];
  }

  add(condition: string, ...values: readonly unknown[]): void {
    this.#conditions.push(condition);
    this.#params.push(...values);
  }

  /** `column IN (…)` when values are given; nothing for none. */
  anyOf(column: string, values: readonly unknown[] | undefined): void {
    if (values === undefined || values.length === 0) return;
    this.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  }

  /** `column >= from` and `column <= to`, each when given. */
  between(column: string, from: unknown, to: unknown): void {
    if (from !== undefined) this.add(`${column} >= ?`, from);
    if (to !== undefined) this.add(`${column} <= ?`, to);
  }

  /** The conditions joined with AND (`1` for none), and their parameters. */
  get where(): { where: string; params: unknown[] } {
    return {
      where: this.#conditions.length === 0 ? '1' : this.#conditions.join(' AND '),
      params: [...this.#params],
    };
  }
}

/** Statements prepared once per SQL text (a filter's shape), for one connection. */
export class StatementsBySql {
  readonly #db: Database;
  readonly #statements = new Map<string, Statement<unknown[], unknown>>();

  constructor(db: Database) {
    this.#db = db;
  }

  get<R>(sql: string): Statement<unknown[], R> {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare<unknown[], unknown>(sql);
      this.#statements.set(sql, statement);
    }
    return statement as Statement<unknown[], R>;
  }
}
