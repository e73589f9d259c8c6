// Reads of quotations: the list with its filters and total, and one quotation.
import { roundMoney } from '../../../../src-shared/money/index.js';
import type { Handlers } from '../../handler.js';
import { dayRange, readKeyword, readPaging } from '../../list-helpers.js';
import { auditRange, textFilter } from '../shared/list-filters.js';
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
    const result = listQuotations(
      db,
      store.id,
      {
        documentDate: dayRange(query.quotationafter, query.quotationbefore),
        created: auditRange(
          query.createdafter,
          query.createdbefore,
          query.createdatetimeafter,
          query.createdatetimebefore,
        ),
        updated: auditRange(
          query.updatedafter,
          query.updatedbefore,
          query.updatedatetimeafter,
          query.updatedatetimebefore,
        ),
        statuses: readStatusCodes(query.status),
        fromAmount: query.fromamount,
        toAmount: query.toamount,
        keyword: readKeyword(query.keyword),
        createusername: textFilter(query.createusername),
        ids: headerLists.quotationidlist,
        numbers: headerLists.numberlist,
      },
      page,
    );
    return {
      list: presentQuotationItems(db, store.id, result.rows),
      count: result.count,
      totals: { totalAmount: roundMoney(result.totalAmount) },
    };
  },

  GetQuotationDetail: ({ db, store, parent }) =>
    presentQuotation(db, store.id, requireQuotation(db, store.id, parent)),
} satisfies Partial<Handlers>;
