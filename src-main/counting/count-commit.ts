// Committing a session: the session's state change and its outbox operation(s) are written in ONE
// SQLite transaction, so a crash leaves either an open session with nothing queued or a committed
// session whose counts will be sent — never a count queued twice or a committed count never queued.
import { enqueueStockCount } from '../outbox/enqueue.js';
import { sentFigure } from './count-recount-figure.js';
import { recordCountHistory } from './cycle-history.js';
import { readCycleSettings } from './cycle-settings.js';
import { notCountedProducts } from './count-review.js';
import type { LineRow, SessionRow } from './count-session.repository.js';
import { newProductLine, openSession, sessionViewOf } from './counting-context.js';
import type { CountingContext } from './counting-context.js';
import { CountingError, LiveScansPendingError, UnresolvedUnknownCodesError } from './counting-errors.js';
import type { CommitInput, CommitResult, DriftPolicy, SessionView } from './counting-types.js';
import { DRIFT_POLICIES } from './counting-types.js';

/** The counter name on the "set to 0" events a commit writes for products nobody counted. */
export const NOT_COUNTED_COUNTER = '(not counted: 0 at commit)';

export function commitSession(context: CountingContext, input: CommitInput): CommitResult {
  const notCounted = input.notCounted ?? 'leave';
  if (notCounted !== 'leave' && notCounted !== 'zero') {
    throw new CountingError(
      'invalid-input',
      `Not-counted products are left alone or counted as 0 (got ${String(notCounted)})`,
    );
  }
  return context.db
    .transaction((): CommitResult => {
      const { repository } = context;
      const session = openSession(context, input.sessionId);
      refuseWhileMembersStream(context, session.id);
      const unresolved = repository.progress(session.id)?.unknown_codes ?? 0;
      if (unresolved > 0 && input.discardUnknownCodes !== true)
        throw new UnresolvedUnknownCodesError(unresolved);
      const unknownCodesDiscarded = unresolved > 0 ? repository.discardOpenUnknownLines(session.id) : 0;
      const at = context.now();
      if (notCounted === 'zero') countNotCountedAsZero(context, session, at);

      const productLines = repository
        .lines(session.id)
        .filter((line) => line.kind === 'product' && line.live_events > 0);
      freezeExpected(context, session, productLines);
      const lines = productLines.map((line) => ({
        productId: line.product_id ?? 0,
        sku: line.sku ?? '',
        // A recounted line sends its recount unless a person chose the first count.
        counted: sentFigure(line),
        countedAgainst: line.counted_against ?? 0,
      }));
      if (lines.length === 0) {
        throw new CountingError(
          'nothing-to-commit',
          'Nothing was counted in this session: discard it instead',
        );
      }
      // The cycle-counting trace (decision 0020): every counted line, with or without variance.
      recordCountHistory(context.db, {
        sessionId: session.id,
        warehouseCode: session.warehouse_code,
        at,
        lines: productLines.map((line, index) => ({
          productId: line.product_id ?? 0,
          counted: lines[index]?.counted ?? line.counted,
          countedAgainst: line.counted_against ?? 0,
          purchasePrice: line.purchase_price ?? 0,
        })),
        classification: context.cycleClasses,
        shares: readCycleSettings(context.db),
      });
      const { operationIds } = enqueueStockCount(context.db, {
        sessionId: session.id,
        warehouseCode: session.warehouse_code,
        policy: driftPolicyOf(session),
        lines,
      });
      if (!repository.closeSession(session.id, 'committed', at, notCounted, operationIds)) {
        throw new CountingError('session-closed', `Count session ${session.id} was closed meanwhile`);
      }
      const committed = sessionViewAfterCommit(context, session.id);
      return { session: committed, operationIds, linesSent: lines.length, unknownCodesDiscarded };
    })
    .immediate();
}

/**
 * A live member's session, or a live host's members that have not sent their last scans (decision 0013):
 * refused here, before anything is written, so the person reads what to do rather than the database trigger's backstop.
 */
function refuseWhileMembersStream(context: CountingContext, sessionId: string): void {
  const host = context.db
    .prepare<[string], string>(`SELECT host_label FROM live_count_memberships WHERE session_id = ?`)
    .pluck()
    .get(sessionId);
  if (host !== undefined) {
    throw new CountingError(
      'live-member-session',
      `Not committed: this count streams to ${host}, which commits it for every PC counting with it`,
    );
  }
  const pending = context.db
    .prepare<[string], string>(
      `SELECT label FROM live_count_members
        WHERE host_session_id = ? AND state NOT IN ('final', 'released') ORDER BY joined_at, member_id`,
    )
    .pluck()
    .all(sessionId);
  if (pending.length > 0) throw new LiveScansPendingError(pending);
}

/**
 * Records per line the figure expected now, before the session's own counts are queued (an open session
 * has no outbox rows: they are written just after, in this transaction), so the review keeps showing the
 * drift as it stood at commit.
 */
function freezeExpected(context: CountingContext, session: SessionRow, lines: readonly LineRow[]): void {
  const expected = context.expected.ofMany(
    session.warehouse_code,
    lines.map((line) => line.product_id ?? 0),
  );
  for (const line of lines)
    context.repository.freezeExpected(line.id, expected.get(line.product_id ?? 0) ?? 0);
}

/** Products with expected stock and no counted line get a line set to 0, counted against today's figure. */
function countNotCountedAsZero(context: CountingContext, session: SessionRow, at: number): void {
  const { repository, lookup } = context;
  for (const { productId, expected } of notCountedProducts(context, session)) {
    const existing = repository.productLine(session.id, productId);
    let lineId = existing?.id;
    if (lineId === undefined) {
      const product = lookup.findById(productId);
      if (!product) continue; // productsInWarehouse named it, so the catalogue has it; nothing to name otherwise
      lineId = repository.insertProductLine(
        newProductLine(session.id, product, expected, 'notCountedAsZero', at),
      ).id;
    } else {
      repository.markNotCountedAsZero(lineId, expected, at);
    }
    repository.insertEvent({
      sessionId: session.id,
      lineId,
      counter: NOT_COUNTED_COUNTER,
      kind: 'set',
      quantity: 0,
      code: null,
      mergedLineId: null,
      at,
    });
    repository.addEventToLine(lineId, 0, 0, at);
  }
}

function driftPolicyOf(session: SessionRow): DriftPolicy {
  const policy = DRIFT_POLICIES.find((candidate) => candidate === session.drift_policy);
  if (!policy)
    throw new Error(`Count session ${session.id} has an unexpected drift policy ${session.drift_policy}`);
  return policy;
}

function sessionViewAfterCommit(context: CountingContext, sessionId: string): SessionView {
  const row = context.repository.session(sessionId);
  if (!row) throw new Error(`Count session ${sessionId} vanished during its commit`);
  return sessionViewOf(context, row);
}
