// What the back office holds once a row is done, for whoever keeps a copy of server state (the
// catalogue): the drainer hands these to its `onApplied` hook inside the transaction that marks the rows
// done, so the local view never falls back to a server figure older than a write already applied.
import type { OperationRow } from './drain.repository.js';
import { PRODUCT_BARCODE_KIND, productBarcodePayload } from './kinds/product-barcode.kind.js';
import type { RowOutcome } from './operation-kind.js';

export type AppliedWrite = {
  readonly kind: 'barcode';
  readonly productId: number;
  readonly barcode: string;
};

type DoneOutcome = Extract<RowOutcome, { state: 'done' }>;

/** The writes rows marked done leave on the server; rows whose result is not known give none. */
export function appliedWrites(done: ReadonlyArray<readonly [OperationRow, DoneOutcome]>): AppliedWrite[] {
  const writes: AppliedWrite[] = [];
  for (const [row, outcome] of done) {
    const write = appliedWrite(row, outcome);
    if (write) writes.push(write);
  }
  return writes;
}

function appliedWrite(row: OperationRow, _outcome: DoneOutcome): AppliedWrite | undefined {
  return row.kind === PRODUCT_BARCODE_KIND ? barcodeWrite(row) : undefined;
}

function barcodeWrite(row: OperationRow): AppliedWrite | undefined {
  try {
    const parsed = productBarcodePayload.safeParse(JSON.parse(row.payload ?? 'null'));
    return parsed.success
      ? { kind: 'barcode', productId: parsed.data.productId, barcode: parsed.data.barcode }
      : undefined;
  } catch {
    return undefined;
  }
}
