// Return purchase orders (11 endpoints) and quotations (9 endpoints): handlers and tables.
// State choices where the spec says "not shown" are documented in docs/sandbox/states.md.
import type { ResourceModule } from '../../core/handler.js';
import { uniqueNumberSchemaSql } from '../../core/unique-number.repository.js';
import { paymentSchemaSql } from '../payments/payment.repository.js';
import { documentLinesSchemaSql } from './document-lines.repository.js';
import { movementSchemaSql } from './movement.repository.js';
import { quotationEditHandlers } from './quotation-edit.handlers.js';
import { quotationReadHandlers } from './quotation-read.handlers.js';
import { quotationWriteHandlers } from './quotation-write.handlers.js';
import { quotationSchemaSql } from './quotation.repository.js';
import { returnPurchaseOrderPaymentHandlers } from './return-purchase-order-payment.handlers.js';
import { returnPurchaseOrderReadHandlers } from './return-purchase-order-read.handlers.js';
import { returnPurchaseOrderWriteHandlers } from './return-purchase-order-write.handlers.js';
import { returnPurchaseOrderSchemaSql } from './return-purchase-order.repository.js';

export const handlers = {
  ...returnPurchaseOrderReadHandlers,
  ...returnPurchaseOrderWriteHandlers,
  ...returnPurchaseOrderPaymentHandlers,
  ...quotationReadHandlers,
  ...quotationWriteHandlers,
  ...quotationEditHandlers,
} satisfies ResourceModule['handlers'];

// The shared tables (payments, unique numbers) are CREATE ... IF NOT EXISTS, so listing them here as
// well as in the finance module is harmless and keeps this module whole on its own.
export const schemaSql = [
  returnPurchaseOrderSchemaSql,
  quotationSchemaSql,
  documentLinesSchemaSql,
  movementSchemaSql,
  paymentSchemaSql,
  uniqueNumberSchemaSql,
].join('\n');

export { findQuotation } from './lookup.js';
