// EditQuotationInfo and EditQuotation. Both are partial: a field the body omits keeps its stored value
// (a `tag` array or a `list` replaces the whole list). EditQuotation recomputes the money from the
// resulting lines and settings; the sent amount must match, as at creation.
import type { Handlers } from '../../core/handler.js';
import { validation } from '../../core/sandbox-error.js';
import { parseThaiDate } from '../../../../src-shared/time/index.js';
import { readTags } from '../shared/tags.js';
import { buildLines } from './document-line.builder.js';
import { linesOf, replaceLines, replaceTags } from './document-lines.repository.js';
import { moneyColumns } from './document-header.js';
import { computeMoney, type LineBody } from './document-money.js';
import { assertQuotationEditable } from './document-states.js';
import { quotationRef, requireQuotation } from './lookup.js';
import { updateQuotation, type QuotationEditable, type QuotationRow } from './quotation.repository.js';
import { isVatType } from '../../../../src-shared/money/index.js';

/** The body fields both edits share (EditQuotationInfo's whole body). */
interface InfoBody {
  readonly number?: string | undefined;
  readonly customername?: string | undefined;
  readonly customeridnumber?: string | undefined;
  readonly customerphone?: string | undefined;
  readonly customeremail?: string | undefined;
  readonly customeraddress?: string | undefined;
  readonly customerbranchno?: string | undefined;
  readonly customerbranchname?: string | undefined;
  readonly quotationdate?: string | undefined;
  readonly reference?: string | undefined;
  readonly saleschannel?: string | undefined;
  readonly description?: string | undefined;
}

/** Stored header fields with the body's given ones laid over them. */
function mergeInfo(row: QuotationRow, body: InfoBody): QuotationEditable {
  const number = body.number === undefined ? row.number : body.number.trim();
  if (number === '') throw validation('number', 'must not be empty');
  const documentDate =
    body.quotationdate === undefined
      ? row.document_date
      : (parseThaiDate(body.quotationdate) ?? row.document_date);
  return {
    ...row,
    number,
    customername: body.customername ?? row.customername,
    customeridnumber: body.customeridnumber ?? row.customeridnumber,
    customeremail: body.customeremail ?? row.customeremail,
    customerphone: body.customerphone ?? row.customerphone,
    customeraddress: body.customeraddress ?? row.customeraddress,
    customerbranchname: body.customerbranchname ?? row.customerbranchname,
    customerbranchno: body.customerbranchno ?? row.customerbranchno,
    reference: body.reference ?? row.reference,
    description: body.description ?? row.description,
    saleschannel: body.saleschannel ?? row.saleschannel,
    document_date: documentDate,
  };
}

export const quotationEditHandlers = {
  EditQuotationInfo: ({ db, store, parent, body, now }) => {
    const quotation = requireQuotation(db, store.id, parent);
    assertQuotationEditable(quotationRef(quotation), 'info');
    const fields = mergeInfo(quotation, body);
    const tags = body.tag === undefined ? undefined : readTags(body.tag);
    updateQuotation(db, store.id, quotation.id, fields, now());
    if (tags !== undefined) replaceTags(db, store.id, 'quotation', quotation.id, tags);
    return {};
  },

  EditQuotation: ({ db, store, parent, body, now }) => {
    const quotation = requireQuotation(db, store.id, parent);
    assertQuotationEditable(quotationRef(quotation), 'money');
    const info = mergeInfo(quotation, body);
    const tags = body.tag === undefined ? undefined : readTags(body.tag);
    // Without a list the stored lines stay and are re-priced under the (possibly new) settings.
    const lines: readonly LineBody[] =
      body.list ??
      linesOf(db, store.id, 'quotation', quotation.id).map((line) => ({
        sku: line.sku,
        name: line.name,
        number: line.number,
        pricepernumber: line.pricepernumber,
        totalprice: line.totalprice,
        discount: line.discount,
      }));
    // Without vattype the rule derives it from vatamount; without either the stored setting stays.
    const storedVatType = isVatType(quotation.vattype) ? quotation.vattype : undefined;
    const money = computeMoney(
      {
        amount: body.amount,
        vatamount: body.vatamount,
        vattype: body.vattype ?? (body.vatamount === undefined ? storedVatType : undefined),
        discount: body.discount ?? quotation.discount,
        shippingvat: body.shippingvat ?? (quotation.shippingvat === 1 ? 1 : 0),
        shippingamount: body.shippingamount ?? quotation.shippingamount,
      },
      lines,
    );
    const storedLines = buildLines(db, store.id, lines, money);
    updateQuotation(db, store.id, quotation.id, { ...info, ...moneyColumns(money) }, now());
    replaceLines(db, store.id, 'quotation', quotation.id, storedLines);
    if (tags !== undefined) replaceTags(db, store.id, 'quotation', quotation.id, tags);
    return {};
  },
} satisfies Partial<Handlers>;
