// Rows of migration 0004 turned into the contract's shapes the service returns.
import type { LineRow, ProgressRow, SessionRow } from './count-session.repository.js';
import {
  DRIFT_POLICIES,
  NOT_COUNTED_CHOICES,
  SESSION_STATES,
  UNKNOWN_CODE_STATES,
  isOneOf,
} from '../../src-shared/domain/vocabulary.js';
import type { CountScope } from '../../src-shared/ipc/schemas/count-records.js';
import type { CountLineView, ProductLineView, SessionView, UnknownLineView } from './counting-types.js';

/** What a session view adds to its row: read from the catalogue and the scope table. */
export interface SessionDetails {
  readonly warehouseName: string;
  readonly scope: CountScope;
}

/** What a product line view adds to its row: whether the session covers it, the pack just scanned. */
export interface LineDetails {
  readonly inScope: boolean;
  readonly pack: { readonly code: string; readonly units: number } | null;
}

/** A CHECK constraint guards each of these columns; reading anything else means a damaged file. */
function oneOf<T extends string>(allowed: readonly T[], value: string | null, column: string): T {
  if (!isOneOf(allowed, value))
    throw new Error(`count_${column} holds an unexpected value: ${String(value)}`);
  return value;
}

function operationIds(json: string | null): number[] {
  if (json === null) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
}

export function toSessionView(
  row: SessionRow,
  progress: ProgressRow | undefined,
  details: SessionDetails,
): SessionView {
  return {
    id: row.id,
    name: row.name,
    warehouseCode: row.warehouse_code,
    warehouseName: details.warehouseName,
    startedBy: row.started_by,
    scope: details.scope,
    handedOverAt: row.handed_over_at,
    blind: row.blind === 1,
    driftPolicy: oneOf(DRIFT_POLICIES, row.drift_policy, 'sessions.drift_policy'),
    state: oneOf(SESSION_STATES, row.state, 'sessions.state'),
    createdAt: row.created_at,
    closedAt: row.closed_at,
    notCounted: row.not_counted === null ? null : oneOf(NOT_COUNTED_CHOICES, row.not_counted, 'sessions'),
    outboxOperationIds: operationIds(row.outbox_operation_ids),
    progress: {
      linesCounted: progress?.lines_counted ?? 0,
      units: progress?.units ?? 0,
      unknownCodes: progress?.unknown_codes ?? 0,
    },
  };
}

export function toProductLineView(row: LineRow, expected: number, details: LineDetails): ProductLineView {
  if (row.kind !== 'product' || row.product_id === null || row.sku === null || row.counted_against === null) {
    throw new Error(`Count line ${row.id} is not a product line`);
  }
  return {
    kind: 'product',
    lineId: row.id,
    sessionId: row.session_id,
    product: {
      id: row.product_id,
      sku: row.sku,
      barcode: row.barcode ?? '',
      name: row.name ?? '',
      unittext: row.unittext ?? '',
      purchaseprice: row.purchase_price ?? 0,
    },
    counted: row.counted,
    scans: row.scans,
    isCounted: row.live_events > 0,
    countedAgainst: row.counted_against,
    expected,
    inScope: details.inScope,
    pack: details.pack === null ? null : { code: details.pack.code, units: details.pack.units },
  };
}

export function toUnknownLineView(row: LineRow): UnknownLineView {
  if (row.kind !== 'unknown' || row.code === null) throw new Error(`Count line ${row.id} is not a code line`);
  return {
    kind: 'unknown',
    lineId: row.id,
    sessionId: row.session_id,
    code: row.code,
    counted: row.counted,
    scans: row.scans,
    isCounted: row.live_events > 0,
    state: oneOf(UNKNOWN_CODE_STATES, row.unknown_state, 'lines.unknown_state'),
    resolvedProductId: row.resolved_product_id,
  };
}

/** `expectedOf` and `inScope` are asked only for product lines (unknown codes have no product). */
export function toLineView(
  row: LineRow,
  expectedOf: (productId: number) => number,
  inScope: (productId: number) => boolean,
  pack: LineDetails['pack'] = null,
): CountLineView {
  return row.kind === 'product' && row.product_id !== null
    ? toProductLineView(row, expectedOf(row.product_id), { inScope: inScope(row.product_id), pack })
    : toUnknownLineView(row);
}
