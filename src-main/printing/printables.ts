// The printable models of what main holds: an income or expense (its local view: lines with VAT twins,
// discount, payments made here included), a count sheet and a variance report. Pure functions of the
// services' own answers, so what prints is what the pages show.
import type { CallValue, MoneyRecordDetail } from '../../src-shared/ipc/index.js';
import {
  branchText,
  type CountSheet,
  type PrintableDocument,
  type PrintParty,
  type PrintSeller,
  type PrintTitle,
  type VarianceReport,
} from '../../src-shared/printing/index.js';
import { formatThaiDateTime } from '../../src-shared/time/index.js';
import type { CountSheetProduct } from '../counting/index.js';

type SessionView = CallValue<'counting.session'>;
type SessionReview = CallValue<'counting.review'>;

function partyOf(contact: MoneyRecordDetail['contact']): PrintParty | null {
  const party: PrintParty = {
    name: contact.name,
    address: contact.address,
    taxId: contact.idNumber,
    branch: branchText(contact.branchName, contact.branchNo),
    phone: contact.phone,
    email: contact.email,
  };
  return Object.values(party).every((value) => value.trim() === '') ? null : party;
}

/**
 * An income or expense under `title`. v4 gives these records no document number: the reference the
 * person typed is the number, else the back office's id. Not sent yet (or never to be sent): a draft.
 */
export function moneyRecordPrintable(
  detail: MoneyRecordDetail,
  title: PrintTitle,
  seller: PrintSeller,
): PrintableDocument {
  return {
    kind: detail.kind,
    title,
    number:
      detail.reference !== '' ? detail.reference : detail.serverId === null ? '' : String(detail.serverId),
    date: detail.date,
    status: detail.paymentStatus,
    draft: detail.sendState !== null && detail.sendState !== 'sent',
    seller,
    party: partyOf(detail.contact),
    reference: detail.reference,
    description: detail.description,
    lines: detail.lines.map((line) => ({
      name: line.name,
      code: line.categoryName,
      quantity: null,
      unit: '',
      unitPrice: null,
      discount: '',
      amount: line.totalPrice,
    })),
    vatType: detail.vatType,
    subtotal: detail.subtotal,
    discount: detail.discount,
    discountAmount: detail.discountAmount,
    shipping: 0,
    pretax: detail.amountPretax,
    vat: detail.vatAmount,
    total: detail.amount,
    payments: detail.payments.map((payment) => ({
      method: payment.methodName,
      amount: payment.amount,
      paidAt: payment.paidAt,
    })),
    paid: detail.paymentAmount,
  };
}

function sessionHeader(session: SessionView, storeName: string, now: number) {
  return {
    storeName,
    sessionName: session.name,
    warehouseCode: session.warehouseCode,
    warehouseName: session.warehouseName,
    startedBy: session.startedBy,
    printedAt: formatThaiDateTime(now),
  };
}

/** The sheet a counter writes on; a blind session's sheet shows no expected figure. */
export function countSheetPrintable(
  session: SessionView,
  products: readonly CountSheetProduct[],
  storeName: string,
  now: number,
): CountSheet {
  return {
    ...sessionHeader(session, storeName, now),
    blind: session.blind,
    rows: products.map((product) => ({
      sku: product.sku,
      barcode: product.barcode,
      name: product.name,
      unit: product.unit,
      expected: session.blind ? null : product.expected,
    })),
  };
}

/** The review on paper: every counted line with its variance in units and baht, and the totals. */
export function varianceReportPrintable(
  review: SessionReview,
  storeName: string,
  now: number,
): VarianceReport {
  const rows: VarianceReport['rows'] = [];
  for (const row of review.rows) {
    if (row.kind !== 'counted') continue;
    rows.push({
      sku: row.sku,
      barcode: row.barcode,
      name: row.name,
      unit: row.unittext,
      expected: row.expected,
      counted: row.counted,
      variance: row.variance,
      varianceValue: row.varianceValue,
    });
  }
  const { totals } = review;
  return {
    ...sessionHeader(review.session, storeName, now),
    rows,
    totals: {
      countedLines: totals.countedLines,
      linesWithVariance: totals.linesWithVariance,
      varianceUnits: totals.varianceUnits,
      varianceValue: totals.varianceValue,
      notCounted: totals.notCounted,
      unknownCodes: totals.unknownCodes,
    },
  };
}
