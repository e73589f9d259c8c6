// Barcodes assigned to products from the counting screen (an unknown scanned code the person matched to
// a product), queued by enqueueProductBarcode: one UpdateProduct (query `id`, body `{ barcode }`) per
// row. Rows are documents (payload `{ productId, sku, barcode }`, product_id NULL so the stock view
// never folds them), ordered per product (`["product",<id>]`): a later assignment never overtakes an
// earlier one, and a run of pending assignments of one product collapses to the last (last wins).
//
// Failure classes: UpdateProduct sets one field absolutely, so a resend is harmless. An unclear send is
// reconciled by reading the product (GetProductDetail): the barcode equal to the one sent → done
// (`reconciled`); anything else → resend. "Invalid ID." (the product was deleted on the server), on the
// write or on the read back, parks the row (UNKNOWN_PRODUCT) with the product and barcode in the reason.
//
// Validation (at enqueue, while the person is still there; `validateBarcode`): the code is cleaned as a
// scan is (normaliseScannedCode), must be non-empty and at most 64 characters. A code of digits only
// whose length is a GTIN length (8, 12, 13, 14) must carry a correct check digit: a wrong one is almost
// always a misread or mistyped GTIN, and assigning it would make the real code unknown for good. Any
// other code (letters, punctuation, other lengths) is a store's own code and is taken as it is.
import { z } from 'zod';
import type { BackofficeFailure } from '../../backoffice/index.js';
import {
  MAX_BARCODE_LENGTH,
  SHELF_CODE_PREFIX,
  checkBarcode,
  normaliseScannedCode,
  type BarcodeProblem,
} from '../../../src-shared/barcode/index.js';
import { isInvalidId } from '../core/invalid-id.js';
import type { OperationRow } from '../core/operation-types.js';
import type { OperationKind, RowOutcome } from '../core/operation-kind.js';

export const PRODUCT_BARCODE_KIND = 'productBarcode';
export const UNKNOWN_PRODUCT = 'UNKNOWN_PRODUCT';
export const BAD_BARCODE_PAYLOAD = 'BAD_PAYLOAD';

export const productBarcodePayload = z.object({
  productId: z.int().positive(),
  sku: z.string(),
  barcode: z.string().min(1).max(MAX_BARCODE_LENGTH),
});
export type ProductBarcodePayload = z.output<typeof productBarcodePayload>;

/** The cleaned barcode, or why it is refused (English; the renderer shows its own text by `reason`). */
export type BarcodeCheck =
  | { readonly ok: true; readonly barcode: string }
  | { readonly ok: false; readonly reason: BarcodeProblem; readonly text: string };

export function validateBarcode(raw: string): BarcodeCheck {
  const checked = checkBarcode(raw);
  if (checked.ok) return checked;
  const { barcode } = checked;
  switch (checked.reason) {
    case 'empty':
      return { ok: false, reason: 'empty', text: 'The barcode is empty.' };
    case 'tooLong':
      return {
        ok: false,
        reason: 'tooLong',
        text: `The barcode has ${barcode.length} characters; at most ${MAX_BARCODE_LENGTH} are allowed.`,
      };
    case 'checkDigit':
      return {
        ok: false,
        reason: 'checkDigit',
        text: `${barcode} looks like a GTIN/EAN/UPC but its check digit is wrong: scan it again or check the digits.`,
      };
    case 'shelfPrefix':
      return {
        ok: false,
        reason: 'shelfPrefix',
        text: `${barcode} starts with ${SHELF_CODE_PREFIX}, which only shelf labels carry.`,
      };
  }
}

export function productOrderKey(productId: number): string {
  return JSON.stringify(['product', productId]);
}

/** One request per row; the product in the key lets a run of one product's assignments collapse. */
export function productBarcodeBatchKey(productId: number): string {
  return JSON.stringify([PRODUCT_BARCODE_KIND, productId]);
}

function payloadOf(row: OperationRow): ProductBarcodePayload | undefined {
  try {
    const parsed = productBarcodePayload.safeParse(JSON.parse(row.payload ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const badPayload: RowOutcome = {
  state: 'parked',
  code: BAD_BARCODE_PAYLOAD,
  text: 'The stored barcode assignment could not be read.',
};

/** "Invalid ID.": the back office has no such record (never had it, or it was deleted). */

function unknownProduct(payload: ProductBarcodePayload, error: BackofficeFailure): RowOutcome {
  const sku = payload.sku.trim() === '' ? '' : ` (${payload.sku.trim()})`;
  return {
    state: 'parked',
    code: UNKNOWN_PRODUCT,
    text: `The back office has no product ${payload.productId}${sku} any more, so barcode ${payload.barcode} was not assigned (it answered "${error.text}").`,
  };
}

export const productBarcodeKind: OperationKind = {
  name: PRODUCT_BARCODE_KIND,
  /** An absolute set of one field: the last pending assignment of a product wins. */
  collapsible: () => true,
  batchLimit: () => 1,
  warehouseOf: () => undefined,
  prepare: async (rows) => ({ send: rows.map((row) => ({ id: row.id })), settled: new Map() }),

  async send(rows, context) {
    const outcomes = new Map<number, RowOutcome>();
    for (const row of rows) {
      const payload = payloadOf(row);
      if (!payload) {
        outcomes.set(row.id, badPayload);
        continue;
      }
      try {
        await context.client.call('UpdateProduct', {
          id: payload.productId,
          body: { barcode: payload.barcode },
        });
        outcomes.set(row.id, { state: 'done', outcome: 'applied' });
      } catch (error) {
        if (isInvalidId(error)) outcomes.set(row.id, unknownProduct(payload, error));
        else throw error;
      }
    }
    return outcomes;
  },

  /** Reads the product back: its barcode equal to the one sent → done, else resend (absolute set). */
  async reconcile(rows, context) {
    const outcomes = new Map<number, RowOutcome>();
    for (const row of rows) {
      const payload = payloadOf(row);
      if (!payload) {
        outcomes.set(row.id, badPayload);
        continue;
      }
      try {
        const product = await context.client.call('GetProductDetail', { id: payload.productId });
        const server = normaliseScannedCode(product.barcode ?? '');
        outcomes.set(
          row.id,
          server === payload.barcode ? { state: 'done', outcome: 'reconciled' } : { state: 'pending' },
        );
      } catch (error) {
        if (isInvalidId(error)) outcomes.set(row.id, unknownProduct(payload, error));
        else throw error;
      }
    }
    return outcomes;
  },
};
