// File attachments on orders, purchase orders and quotations, and the minimal order tables they need.
import type { ResourceModule } from '../../core/handler.js';
import { attachmentHandlers } from './attachment.handlers.js';
import { attachmentSchemaSql } from './attachment.repository.js';

export const handlers = attachmentHandlers satisfies ResourceModule['handlers'];

export const schemaSql = attachmentSchemaSql;

export { seedOrdersAndPurchaseOrders } from './seed-support.js';
