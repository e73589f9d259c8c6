// Finance: incomes and expenses (with their payments) and money transfers between payment methods.
import type { ResourceModule } from '../../core/handler.js';
import { uniqueNumberSchemaSql } from '../../core/unique-number.repository.js';
import { paymentSchemaSql } from '../payments/payment.repository.js';
import { financeDocumentSchemaSql } from './finance-document.repository.js';
import { financeHandlers } from './finance.handlers.js';
import { moneyTransferSchemaSql } from './money-transfer.repository.js';
import { moneyTransferHandlers } from './money-transfer.handlers.js';

export const handlers = { ...financeHandlers, ...moneyTransferHandlers } satisfies ResourceModule['handlers'];

export const schemaSql = [
  uniqueNumberSchemaSql,
  paymentSchemaSql,
  financeDocumentSchemaSql,
  moneyTransferSchemaSql,
].join('\n');
