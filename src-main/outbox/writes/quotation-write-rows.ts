// The quotation writes of the write-kind table: AddQuotation (keyed create) and the absolute changes
// on a quotation (info, lines and amounts, approve, void, tags), each read back with GetQuotationDetail
// as WRITES.md says: the snapshot holds what the writes set, `reached` says whether it already shows it.
import { roundMoney } from '../../../src-shared/money/index.js';
import type { BackofficeCaller } from '../../backoffice/index.js';
import { findQuotationByUniqueNumber } from './document-readback.js';
import { bahtText } from './finance-readback.js';
import { absoluteChange, keyedCreate, type ChangeArgs, type RecordRef } from './write-rows.js';

/** What the quotation writes set, as GetQuotationDetail shows it. */
export interface QuotationSnapshot {
  readonly number: string;
  readonly status: string;
  readonly date: string;
  readonly approveDate: string;
  readonly info: Readonly<Record<string, string>>;
  readonly amount: number;
  readonly vattype: number;
  readonly discount: string;
  readonly shippingamount: number;
  readonly shippingvat: number;
  readonly lines: readonly string[];
  readonly tags: readonly string[];
}

const INFO_FIELDS = [
  'customername',
  'customeridnumber',
  'customerphone',
  'customeremail',
  'customeraddress',
  'customerbranchno',
  'customerbranchname',
  'reference',
  'saleschannel',
  'description',
] as const;

const lineKey = (line: {
  sku?: string | undefined;
  number?: number | undefined;
  pricepernumber?: number | undefined;
  discount?: string | undefined;
}) => `${line.sku ?? ''}×${line.number ?? 0}@${roundMoney(line.pricepernumber ?? 0)}-${line.discount ?? ''}`;

export async function readQuotation(client: BackofficeCaller, ref: RecordRef): Promise<QuotationSnapshot> {
  const detail = await client.call('GetQuotationDetail', ref);
  const info: Record<string, string> = {};
  for (const field of INFO_FIELDS) info[field] = String(detail[field] ?? '');
  return {
    number: detail.number ?? '',
    status: detail.status ?? '',
    date: (detail.quotationdateString ?? detail.quotationdate ?? '').slice(0, 10),
    approveDate: (detail.approvedateString ?? detail.approvedate ?? '').slice(0, 10),
    info,
    amount: roundMoney(detail.amount ?? 0),
    vattype: detail.vattype ?? 1,
    discount: detail.discount ?? '',
    shippingamount: roundMoney(detail.shippingamount ?? 0),
    shippingvat: detail.shippingvat ?? 0,
    lines: (detail.list ?? []).map(lineKey),
    tags: [...(detail.tag ?? [])].sort(),
  };
}

export function showQuotation(snapshot: QuotationSnapshot): string {
  const tags = snapshot.tags.length === 0 ? 'no tags' : `tags ${snapshot.tags.join(', ')}`;
  return (
    `quotation ${snapshot.number}: ${snapshot.status}, ฿${bahtText(snapshot.amount)} in ` +
    `${snapshot.lines.length} lines, ${tags}`
  );
}

type InfoBody = ChangeArgs<'EditQuotationInfo'>['body'];

/** Every header field the body gives is what the quotation holds. */
function infoReached(snapshot: QuotationSnapshot, body: InfoBody | undefined): boolean {
  if (body === undefined) return true;
  if (body.number !== undefined && body.number.trim() !== snapshot.number) return false;
  if (body.quotationdate !== undefined && body.quotationdate.slice(0, 10) !== snapshot.date) return false;
  for (const field of INFO_FIELDS) {
    const given = body[field];
    if (given !== undefined && given !== snapshot.info[field]) return false;
  }
  return body.tag === undefined || [...body.tag].sort().join('\n') === snapshot.tags.join('\n');
}

const record = 'quotation';
const after = ['addQuotation'];
const common = { record, after, readBack: readQuotation, show: showQuotation } as const;

export const quotationRows = {
  addQuotation: keyedCreate({
    endpoint: 'AddQuotation',
    record,
    findByKey: findQuotationByUniqueNumber,
    describe: (body) =>
      `Quotation ${body.number} ฿${bahtText(body.amount)}` +
      (body.customername?.trim() ? ` — ${body.customername.trim()}` : ''),
  }),
  editQuotationInfo: absoluteChange<'EditQuotationInfo', QuotationSnapshot>({
    endpoint: 'EditQuotationInfo',
    ...common,
    reached: (snapshot, args) => infoReached(snapshot, args.body),
    describe: (_args, on) => `Edit the customer and header of ${on}`,
  }),
  editQuotation: absoluteChange<'EditQuotation', QuotationSnapshot>({
    endpoint: 'EditQuotation',
    ...common,
    reached: (snapshot, args) => {
      const body = args.body;
      if (body === undefined) return true;
      return (
        Math.abs(snapshot.amount - body.amount) < 0.005 &&
        (body.vattype === undefined || body.vattype === snapshot.vattype) &&
        (body.discount === undefined || body.discount === snapshot.discount) &&
        (body.shippingamount === undefined || roundMoney(body.shippingamount) === snapshot.shippingamount) &&
        (body.shippingvat === undefined || body.shippingvat === snapshot.shippingvat) &&
        (body.list === undefined || body.list.map(lineKey).join('\n') === snapshot.lines.join('\n'))
      );
    },
    describe: (args, on) => `Edit the lines of ${on}: ฿${bahtText(args.body?.amount ?? 0)}`,
  }),
  approveQuotation: absoluteChange<'ApproveQuotation', QuotationSnapshot>({
    endpoint: 'ApproveQuotation',
    ...common,
    reached: (snapshot) => snapshot.status === 'Success',
    describe: (args, on) => `Approve ${on}${args.query?.approvedate ? ` on ${args.query.approvedate}` : ''}`,
  }),
  voidQuotation: absoluteChange<'VoidQuotation', QuotationSnapshot>({
    endpoint: 'VoidQuotation',
    ...common,
    reached: (snapshot) => snapshot.status === 'Voided',
    describe: (_args, on) => `Void ${on}`,
  }),
  addQuotationTag: absoluteChange<'AddQuotationTag', QuotationSnapshot>({
    endpoint: 'AddQuotationTag',
    ...common,
    reached: (snapshot, args) => snapshot.tags.includes(args.query.tag),
    describe: (args, on) => `Tag ${on} “${args.query.tag}”`,
  }),
  deleteQuotationTag: absoluteChange<'DeleteQuotationTag', QuotationSnapshot>({
    endpoint: 'DeleteQuotationTag',
    ...common,
    reached: (snapshot, args) => !snapshot.tags.includes(args.query.tag),
    describe: (args, on) => `Remove the tag “${args.query.tag}” from ${on}`,
  }),
};
