// Blind recounts before commit (issue 13): lines whose variance passes a threshold (units or baht), or
// chosen ones, are marked; someone else recounts them without seeing the first count or the expected
// figure; the review shows both counts and which one the commit sends (the recount once there is one,
// unless a person chooses the first). The first count stays the line's own figure (its events); the
// recount is kept beside it (migration 0006), so nothing of either is lost.
import type { Database } from 'better-sqlite3';
import type { CallValue } from '../../src-shared/ipc/index.js';
import type { RecountChoice } from '../../src-shared/domain/vocabulary.js';
import { preparedFor } from '../db/statements.js';
import { checkedCounter, roundQuantity } from './count-quantity.js';
import { recountOf } from './count-recount-figure.js';
import { reviewSession } from './count-review.js';
import type { LineRow } from './count-session.repository.js';
import { lineOfSession, openSession, type CountingContext } from './counting-context.js';
import { CountingError, invalidInput } from './counting-errors.js';

type RecountLine = CallValue<'counting.recountLines'>[number];
type RecountView = CallValue<'counting.chooseRecount'>;

function prepare(db: Database) {
  return {
    request: db.prepare<[number, number]>(
      `UPDATE count_lines SET recount_requested_at = ? WHERE id = ? AND kind = 'product' AND recount_requested_at IS NULL`,
    ),
    lines: db.prepare<[string], LineRow>(
      `SELECT * FROM count_lines WHERE session_id = ? AND kind = 'product' AND recount_requested_at IS NOT NULL
        ORDER BY sku, id`,
    ),
    record: db.prepare<[number, string, number]>(
      'UPDATE count_lines SET recounted = ?, recounted_by = ? WHERE id = ?',
    ),
    choose: db.prepare<[string, number]>('UPDATE count_lines SET recount_use = ? WHERE id = ?'),
  };
}

export class CountRecount {
  readonly #context: CountingContext;

  constructor(context: CountingContext) {
    this.#context = context;
  }

  get #statements() {
    return preparedFor(this.#context.db, prepare);
  }

  request(input: {
    sessionId: string;
    minUnits?: number | undefined;
    minValue?: number | undefined;
    lineIds?: readonly number[] | undefined;
  }): CallValue<'counting.requestRecount'> {
    const { minUnits, minValue, lineIds = [] } = input;
    if (minUnits === undefined && minValue === undefined && lineIds.length === 0) {
      throw invalidInput('Say which lines to recount: a variance in units or baht, or the lines');
    }
    return this.#context.db
      .transaction(() => {
        const session = openSession(this.#context, input.sessionId);
        const chosen = new Set<number>();
        for (const lineId of lineIds) {
          const line = lineOfSession(this.#context, session.id, lineId);
          if (line.kind !== 'product' || line.live_events === 0) {
            throw invalidInput(`Line ${lineId} is not a counted product line`);
          }
          chosen.add(line.id);
        }
        if (minUnits !== undefined || minValue !== undefined) {
          for (const row of reviewSession(this.#context, session, 'variance').rows) {
            if (row.kind !== 'counted') continue;
            const byUnits = minUnits !== undefined && Math.abs(row.variance) >= minUnits;
            const byValue = minValue !== undefined && Math.abs(row.varianceValue) >= minValue;
            if (byUnits || byValue) chosen.add(row.lineId);
          }
        }
        const at = this.#context.now();
        let marked = 0;
        for (const lineId of chosen) marked += this.#statements.request.run(at, lineId).changes;
        return { marked, lines: this.lines(session.id) };
      })
      .immediate();
  }

  lines(sessionId: string): RecountLine[] {
    return this.#statements.lines.all(sessionId).map((line) => ({
      lineId: line.id,
      productId: line.product_id ?? 0,
      sku: line.sku ?? '',
      barcode: line.barcode ?? '',
      name: line.name ?? '',
      unittext: line.unittext ?? '',
      recounted: line.recounted,
      recountedBy: line.recounted_by,
    }));
  }

  record(input: {
    sessionId: string;
    lineId: number;
    counter: string;
    quantity: number;
    mode: 'set' | 'add';
  }): RecountLine {
    const counter = checkedCounter(input.counter);
    if (!Number.isFinite(input.quantity) || input.quantity < 0) {
      throw invalidInput(`A recount is 0 or more (got ${String(input.quantity)})`);
    }
    return this.#context.db
      .transaction(() => {
        const session = openSession(this.#context, input.sessionId);
        const line = this.#markedLine(session.id, input.lineId);
        const figure = roundQuantity(
          input.mode === 'add' ? (line.recounted ?? 0) + input.quantity : input.quantity,
        );
        this.#statements.record.run(figure, counter, line.id);
        const lines = this.lines(session.id);
        const recounted = lines.find((candidate) => candidate.lineId === line.id);
        if (!recounted) throw new Error(`Line ${line.id} left the recount list`);
        return recounted;
      })
      .immediate();
  }

  choose(sessionId: string, lineId: number, use: RecountChoice): RecountView {
    return this.#context.db
      .transaction(() => {
        const session = openSession(this.#context, sessionId);
        const line = this.#markedLine(session.id, lineId);
        if (use === 'recount' && line.recounted === null) {
          throw new CountingError('recount-missing', `Nobody recounted ${line.sku ?? ''} yet`);
        }
        this.#statements.choose.run(use, line.id);
        const view = recountOf(lineOfSession(this.#context, session.id, line.id));
        if (view === null) throw new Error(`Line ${line.id} is not marked for a recount`);
        return view;
      })
      .immediate();
  }

  #markedLine(sessionId: string, lineId: number): LineRow {
    const line = lineOfSession(this.#context, sessionId, lineId);
    if (line.kind !== 'product' || line.recount_requested_at === null) {
      throw invalidInput(`Line ${lineId} is not marked for a recount`);
    }
    return line;
  }
}
