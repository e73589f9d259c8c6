// Demo quotations over the last four months: to people and businesses, through the store's sales
// channels, in all three vattypes; some approved (at creation or later), some voided, some tagged.
import { businessTime, formatThaiDate, laterBusinessTime, thaiMonthKey } from './calendar.js';
import {
  pickQuantity,
  pickVatType,
  priceProductDocument,
  type DocumentDraft,
  type LineDraft,
} from './document-pricing.js';
import { contactsWithRole, customerFieldsOf } from './contacts.js';
import { createRandom, type Random } from '../../../src-shared/random.js';
import { step, type DocumentSources, type SeedStep } from './steps.js';

export const QUOTATIONS = 30;
const quotationTags = ['ลูกค้าประจำ', 'งานด่วน', 'รอยืนยัน', 'ส่งต่างจังหวัด'];
const descriptions = [
  'ราคานี้ยืนยันภายใน 30 วัน',
  'ราคารวมค่าจัดส่งในเขตกรุงเทพฯ',
  'สั่งซื้อขั้นต่ำตามจำนวนในใบเสนอราคา',
  'ชำระเงินภายใน 7 วันหลังได้รับสินค้า',
];

export function generateQuotations(sources: DocumentSources): SeedStep[] {
  const random = createRandom(sources.seed, 'quotations');
  const customers = contactsWithRole(sources.contacts, 'customer');
  const perMonth = new Map<string, number>();
  const steps: SeedStep[] = [];
  for (let index = 0; index < QUOTATIONS; index += 1) {
    const at = businessTime(random, sources.anchor, random.int(1, 120));
    const products = sources.pool.pick(random, at, random.int(1, 6));
    if (products.length === 0) continue;
    const lines: LineDraft[] = products.map((product) => {
      const pricepernumber = Number(product.body.sellprice);
      const line = { product, number: pickQuantity(random, product, 24), pricepernumber };
      return random.chance(0.2) ? { ...line, discount: random.pick(['5%', '10%', '3%']) } : line;
    });
    const draft = documentDraft(random, lines);
    const priced = priceProductDocument(draft, lines);
    const month = thaiMonthKey(at);
    const sequence = (perMonth.get(month) ?? 0) + 1;
    perMonth.set(month, sequence);
    const number = `QT${month}${String(sequence).padStart(4, '0')}`;
    const customer = random.pick(customers);
    const approvedAtOnce = random.chance(0.15);
    const key = `quotation:${number}`;
    steps.push(
      step({
        endpoint: 'AddQuotation',
        at,
        creates: key,
        query: { uniquenumber: `demo-${number}` },
        body: {
          number,
          ...draft,
          amount: priced.amount,
          vatamount: priced.vatamount,
          ...customerFieldsOf(customer.body),
          quotationdate: formatThaiDate(at),
          saleschannel: random.pick(sources.salesChannels.length > 0 ? sources.salesChannels : ['หน้าร้าน']),
          ...(random.chance(0.5) ? { description: random.pick(descriptions) } : {}),
          ...(random.chance(0.3) ? { reference: `PR-${month}-${random.int(100, 999)}` } : {}),
          ...(approvedAtOnce ? { status: 'Success' as const } : {}),
          list: priced.list,
        },
      }),
    );
    steps.push(...followUps(random, key, at, sources.anchor, approvedAtOnce));
  }
  return steps;
}

/** Document discount (a percentage, or an amount on larger orders) and shipping, sometimes. */
export function documentDraft(random: Random, lines: readonly LineDraft[]): DocumentDraft {
  const subtotal = lines.reduce((sum, line) => sum + line.number * line.pricepernumber, 0);
  const vattype = pickVatType(random);
  const discount = random.chance(0.25)
    ? subtotal > 2000
      ? random.pick(['100', '200', '5%'])
      : '3%'
    : undefined;
  const shipping = random.chance(0.25)
    ? { shippingamount: random.pick([50, 80, 100, 150]), shippingvat: random.pick([0, 1] as const) }
    : {};
  return { vattype, ...(discount === undefined ? {} : { discount }), ...shipping };
}

function followUps(random: Random, key: string, at: number, anchor: number, approved: boolean): SeedStep[] {
  const steps: SeedStep[] = [];
  const later = laterBusinessTime(random, at, random.int(1, 10), anchor);
  const roll = random.next();
  if (later !== undefined && !approved && roll < 0.4) {
    steps.push(
      step({
        endpoint: 'ApproveQuotation',
        at: later,
        target: key,
        query: { approvedate: formatThaiDate(later) },
        body: undefined,
      }),
    );
  } else if (later !== undefined && roll < 0.55) {
    steps.push(step({ endpoint: 'VoidQuotation', at: later, target: key, query: {}, body: undefined }));
  }
  if (random.chance(0.2)) {
    steps.push(
      step({
        endpoint: 'AddQuotationTag',
        at: at + 60_000,
        target: key,
        query: { tag: random.pick(quotationTags) },
        body: undefined,
      }),
    );
  }
  return steps;
}
