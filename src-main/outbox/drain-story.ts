// What the drainer tells the log: every retry, hold, unclear send, reconciliation, park and pause at
// `warn`, with the operations (id, kind, warehouse/product/sku), what happened and why, so a person
// supporting a store can read the story of a day. Never a payload, header or credential: the reasons are
// the client's own texts (which carry none) and the log's redaction covers every registered secret. A
// reason may quote the back office's refusal, which quotes what was sent: personal data in it is masked.
import type { Logger } from '../logging/logger.js';
import { maskPersonalData } from '../logging/personal-data.js';
import type { OperationRow, RowOutcome } from './core/operation-types.js';

export type DrainLogger = Pick<Logger, 'warn' | 'info'>;

export const SILENT_LOGGER: DrainLogger = { warn: () => {}, info: () => {} };

/** The operations a line is about: ids always; the stock key when all rows share one warehouse. */
function about(rows: readonly OperationRow[]) {
  const first = rows[0];
  return {
    operationIds: rows.map((row) => row.id),
    kind: first?.kind ?? '',
    warehouseCode: first?.warehouse_code ?? null,
    skus: rows.flatMap((row) => (row.sku === null ? [] : [row.sku])).slice(0, 20),
    attempts: Math.max(0, ...rows.map((row) => row.attempts)),
  };
}

export class DrainStory {
  readonly #log: DrainLogger;

  constructor(log: DrainLogger) {
    this.#log = log;
  }

  /** A person took writes back before they were sent (withdraw.ts). */
  withdrawn(rows: readonly OperationRow[], withdrawnWith: number): void {
    this.#log.warn('Outbox writes withdrawn by a person before they were sent', {
      ...about(rows),
      withdrawnWith,
    });
  }

  /** The back office answered again after it could not be reached: the waits end, sending starts. */
  backOfficeBack(woken: number, probes: number): void {
    this.#log.warn('Outbox: the back office answers again; waiting writes go now', { woken, probes });
  }

  /** A person pressed "Send now": the waits after failed attempts end. */
  sendNow(woken: number): void {
    this.#log.warn('Outbox: a person asked to send now; waits after failed attempts end', { woken });
  }

  retry(rows: readonly OperationRow[], code: string, reason: string, retryAt: number, phase: string): void {
    this.#log.warn('Outbox will retry: the request did not go through', {
      ...about(rows),
      phase,
      code,
      reason: maskPersonalData(reason),
      retryAt: new Date(retryAt).toISOString(),
    });
  }

  hold(rows: readonly OperationRow[], code: string, reason: string, until: number): void {
    this.#log.warn('Outbox holds every write: the request quota is spent', {
      ...about(rows),
      code,
      reason: maskPersonalData(reason),
      until: new Date(until).toISOString(),
    });
  }

  unclear(rows: readonly OperationRow[], answered: boolean, readBackAt: number | null): void {
    this.#log.warn('Outbox send unclear: it may have been applied, so it is read back before anything else', {
      ...about(rows),
      reason: answered
        ? 'the server answered with an error after the request'
        : 'no answer (timeout or reset)',
      readBackAt: readBackAt === null ? 'now' : new Date(readBackAt).toISOString(),
    });
  }

  reconciling(rows: readonly OperationRow[]): void {
    this.#log.warn('Outbox reconciling: reading back what an unclear send left on the server', about(rows));
  }

  reconcileDeferred(rows: readonly OperationRow[], code: string, reason: string, at: number): void {
    this.#log.warn('Outbox reconciliation could not read back; it will try again', {
      ...about(rows),
      code,
      reason: maskPersonalData(reason),
      retryAt: new Date(at).toISOString(),
    });
  }

  /** Per row how a reconciliation decided it: applied already, to resend, or parked. */
  reconciled(rows: readonly OperationRow[], outcomes: ReadonlyMap<number, RowOutcome>): void {
    for (const row of rows) {
      const outcome = outcomes.get(row.id);
      if (outcome?.state === 'parked') continue; // parked() tells it
      this.#log.warn('Outbox reconciled an unclear send', {
        ...about([row]),
        result:
          outcome === undefined || outcome.state === 'unclear'
            ? 'still unclear'
            : outcome.state === 'done'
              ? `applied (${outcome.outcome}): not sent again`
              : 'not applied: it will be sent again',
      });
    }
  }

  parked(rows: readonly OperationRow[], code: string, reason: string): void {
    if (rows.length === 0) return;
    this.#log.warn('Outbox parked operations for a person', {
      ...about(rows),
      code,
      reason: maskPersonalData(reason),
    });
  }

  /** Rows a send or reconciliation parked one by one (a drifted count, an unknown product…). */
  parkedOutcomes(rows: readonly OperationRow[], outcomes: ReadonlyMap<number, RowOutcome>): void {
    for (const row of rows) {
      const outcome = outcomes.get(row.id);
      if (outcome?.state === 'parked') this.parked([row], outcome.code, outcome.text);
    }
  }

  paused(rows: readonly OperationRow[], code: string, reason: string): void {
    this.#log.warn('Outbox paused: every write waits until a person resumes it', {
      ...about(rows),
      code,
      reason: maskPersonalData(reason),
    });
  }
}
