// Reads of quotations: the list with its filters and total, and one quotation.
import { roundMoney } from '../../../../src-shared/money/index.js';
import type { Handlers } from '../../core/handler.js';
import { dayRange, readPaging } from '../../core/list-helpers.js';
import { readDocumentListFilter } from './document-list-filter.js';
import { QUOTATION_STATUS_CODES } from './document-states.js';
import { requireQuotation } from './lookup.js';
import { listQuotations } from './quotation-list.repository.js';
import { presentQuotation, presentQuotationItems } from './quotation.presenter.js';

/** "0,1" → ['Pending', 'Success'] (the row's schema has checked the codes); absent → every status. */
function readStatusCodes(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const statuses = text
    .split(',')
    .map((code) => QUOTATION_STATUS_CODES[code.trim()])
    .filter((status) => status !== undefined);
  return [...new Set(statuses)];
}

export const quotationReadHandlers = {
  GetQuotations: ({ db, store, query, headerLists }) => {
    const page = readPaging(query);
    const filter = readDocumentListFilter(query, dayRange(query.quotationafter, query.quotationbefore), {
      ids: headerLists.quotationidlist,
      numbers: headerLists.numberlist,
    });
    const result = listQuotations(db, store.id, { ...filter, statuses: readStatusCodes(query.status) }, page);
    return {
      list: presentQuotationItems(db, store.id, result.rows),
      count: result.count,
      totals: { totalAmount: roundMoney(result.totalAmount) },
    };
  },

  GetQuotationDetail: ({ db, store, parent }) =>
    presentQuotation(db, store.id, requireQuotation(db, store.id, parent)),
} satisfies Partial<Handlers>;
