// The quotation copy's row shapes, and how a quotation pulled from the back office or made on this PC
// becomes one. record_json holds what the detail shows; the columns hold what lists filter on.
import type { QuotationRecord } from '../../src-shared/api/records.js';
import {
  isOneOf,
  QUOTATION_STATUSES,
  type MoneyVatChoice,
  type QuotationStatus,
} from '../../src-shared/domain/vocabulary.js';
import type { DocumentLineDraft, DocumentLinesPreview } from '../../src-shared/ipc/index.js';
import { isVatType, roundMoney } from '../../src-shared/money/index.js';
import { vatChoiceOf } from '../money/money-figures.js';
import { searchText, type StoredContact } from '../money/money-rows.js';

/** What record_json holds: shown in the detail, never queried. */
export interface StoredQuotation {
  readonly customer: StoredContact;
  readonly reference: string;
  readonly description: string;
  readonly salesChannel: string;
  readonly tags: readonly string[];
  readonly approveDate: string;
  readonly lines: readonly DocumentLineDraft[];
  readonly vatType: MoneyVatChoice;
  readonly discount: string;
  readonly shippingAmount: number;
  readonly shippingVat: boolean;
  readonly figures: DocumentLinesPreview;
}

/** The columns a pull or a write made here sets. */
export interface QuotationFields {
  readonly serverId: number | null;
  readonly uniqueNumber: string;
  readonly number: string;
  readonly docDate: string;
  readonly status: QuotationStatus;
  readonly createUsername: string;
  readonly stored: StoredQuotation;
}

export interface QuotationRow {
  id: number;
  server_id: number | null;
  unique_number: string;
  operation_id: number | null;
  local_ops: string;
  number: string;
  doc_date: string;
  status: QuotationStatus;
  customer_name: string;
  create_username: string;
  amount: number;
  vatamount: number;
  search_text: string;
  record_json: string;
  pulled_at: number | null;
  created_at: number;
}

export function quotationSearchText(fields: QuotationFields): string {
  const { stored } = fields;
  return searchText([
    fields.number,
    stored.customer.name,
    stored.reference,
    stored.description,
    stored.salesChannel,
    ...stored.tags,
    ...stored.lines.flatMap((line) => [line.sku, line.name]),
  ]);
}

export function storedOf(row: QuotationRow): StoredQuotation {
  return JSON.parse(row.record_json) as StoredQuotation;
}

/** The operation ids of writes made here on the row, oldest first. */
export function localOpsOf(row: Pick<QuotationRow, 'local_ops'>): number[] {
  const parsed = JSON.parse(row.local_ops) as unknown;
  return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
}

const dayOf = (text: string | undefined): string => (text ?? '').slice(0, 10);
const money = (value: number | undefined): number => roundMoney(value ?? 0);

/** A quotation as the back office holds it → the copy's columns and detail. */
export function quotationFromServer(record: QuotationRecord): QuotationFields {
  const vattype = isVatType(record.vattype) ? record.vattype : 1;
  const lines = record.list ?? [];
  const subtotal = roundMoney(lines.reduce((sum, line) => sum + (line.totalprice ?? 0), 0));
  return {
    serverId: record.id,
    uniqueNumber: record.uniquenumber ?? '',
    number: record.number ?? '',
    docDate: dayOf(record.quotationdateString ?? record.quotationdate),
    status: isOneOf(QUOTATION_STATUSES, record.status) ? record.status : 'Pending',
    createUsername: record.createusername ?? record.createdby ?? '',
    stored: {
      customer: {
        name: record.customername ?? '',
        idNumber: record.customeridnumber ?? '',
        phone: record.customerphone ?? '',
        email: record.customeremail ?? '',
        address: record.customeraddress ?? '',
        branchName: record.customerbranchname ?? '',
        branchNo: record.customerbranchno ?? '',
      },
      reference: record.reference ?? '',
      description: record.description ?? '',
      salesChannel: record.saleschannel ?? '',
      tags: record.tag ?? [],
      approveDate: dayOf(record.approvedateString ?? record.approvedate),
      lines: lines.map((line) => ({
        productId: line.productid ?? null,
        sku: line.sku ?? '',
        name: line.name ?? '',
        unitText: line.unittext ?? '',
        quantity: line.number ?? 0,
        unitPrice: money(line.pricepernumber),
        discount: line.discount ?? '',
      })),
      vatType: vatChoiceOf(vattype),
      discount: record.discount ?? '',
      shippingAmount: money(record.shippingamount),
      shippingVat: record.shippingvat === 1,
      figures: {
        vatType: vatChoiceOf(vattype),
        subtotal,
        discountAmount: money(record.discountamount),
        shippingAmount: money(record.shippingamount),
        shippingAmountPretax: money(record.shippingamount_pretax),
        shippingAmountVat: money(record.shippingamount_vat),
        amount: money(record.amount),
        amountPretax: money(record.amount_pretax),
        vatAmount: money(record.vatamount),
        lines: lines.map((line) => ({
          unitDiscount: line.number ? roundMoney((line.discountamount ?? 0) / line.number) : 0,
          discountAmount: money(line.discountamount),
          totalPrice: money(line.totalprice),
          totalPricePretax: money(line.totalprice_pretax),
          totalPriceVat: money(line.totalprice_vat),
        })),
      },
    },
  };
}
