// Creating, approving and voiding quotations, and their tags. AddQuotation is idempotent by
// uniquenumber: a repeat answers '900' and creates nothing.
import type { Handlers } from '../../core/handler.js';
import { validation } from '../../core/sandbox-error.js';
import { assertUniqueNumberUnused, recordUniqueNumber } from '../../core/unique-number.repository.js';
import { readTags } from '../shared/tags.js';
import { documentDay, thaiToday } from '../shared/thai-day.js';
import { unchanged } from './document-common.js';
import { creationColumns, customerColumns, moneyColumns } from './document-header.js';
import { buildLines } from './document-line.builder.js';
import { replaceLines, replaceTags } from './document-lines.repository.js';
import { computeMoney } from './document-money.js';
import { documentTagHandlers } from './document-tag.handlers.js';
import { quotationApproveMove, quotationVoidMove } from './document-states.js';
import { quotationRef, requireQuotation } from './lookup.js';
import { quotationTable, setQuotationStatus } from './quotation.repository.js';

const ENDPOINT = 'AddQuotation';

/** The query's uniquenumber: absent means no idempotency key; blank is refused. */
function readUniqueNumber(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const key = text.trim();
  if (key === '') throw validation('uniquenumber', 'must not be empty');
  return key;
}

const quotationTags = documentTagHandlers('quotation', requireQuotation, quotationTable);

export const quotationWriteHandlers = {
  AddQuotation: ({ db, store, query, body, now }) => {
    const uniquenumber = readUniqueNumber(query.uniquenumber);
    // First: a repeat of a transaction already done answers 900 whatever its body says.
    assertUniqueNumberUnused(db, store.id, ENDPOINT, uniquenumber);
    const number = body.number.trim();
    if (number === '') throw validation('number', 'is required');
    const lines = body.list ?? [];
    const money = computeMoney(body, lines);
    const storedLines = buildLines(db, store.id, lines, money);
    const tags = readTags(body.tag);
    const at = now();
    const status = body.status ?? 'Pending';
    const id = quotationTable.insert(db, store.id, {
      number,
      ...customerColumns(body),
      reference: body.reference ?? '',
      description: body.description ?? '',
      saleschannel: body.saleschannel ?? '',
      document_date: documentDay(body.quotationdate, at),
      ...moneyColumns(money),
      status,
      // Created as Success: approved on the day it was created.
      approve_date: status === 'Success' ? thaiToday(at) : null,
      uniquenumber: uniquenumber ?? '',
      ...creationColumns(at),
    });
    replaceLines(db, store.id, 'quotation', id, storedLines);
    replaceTags(db, store.id, 'quotation', id, tags);
    recordUniqueNumber(db, store.id, ENDPOINT, uniquenumber, id);
    return { id };
  },

  ApproveQuotation: ({ db, store, parent, query, now }) => {
    const quotation = requireQuotation(db, store.id, parent);
    if (quotationApproveMove(quotationRef(quotation)) === 'repeat') {
      return unchanged('already Success; its approvedate is kept');
    }
    const at = now();
    const approveDate = documentDay(query.approvedate, at);
    setQuotationStatus(db, store.id, quotation.id, { status: 'Success', approveDate, updatedAt: at });
    return {};
  },

  VoidQuotation: ({ db, store, parent, now }) => {
    const quotation = requireQuotation(db, store.id, parent);
    if (quotationVoidMove(quotationRef(quotation)) === 'repeat') return unchanged('already Voided');
    // The approval date stays: it records that the quotation was once approved.
    setQuotationStatus(db, store.id, quotation.id, {
      status: 'Voided',
      approveDate: quotation.approve_date,
      updatedAt: now(),
    });
    return {};
  },

  AddQuotationTag: quotationTags.add,
  DeleteQuotationTag: quotationTags.remove,
} satisfies Partial<Handlers>;
