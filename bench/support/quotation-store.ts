// The Documents page's store for benches: 20,000 cached quotations and the DocumentsService the page
// calls (documents.bench.ts, lists-under-load.bench.ts).
import type { BackofficeClient } from '../../src-main/backoffice/index.js';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import type { Database } from '../../src-main/db/database.js';
import { DocumentsService, QuotationRepository, QuotationSync } from '../../src-main/documents/index.js';
import type { QuotationFields } from '../../src-main/documents/quotation-rows.js';
import { outboxWrites } from '../../src-main/outbox/index.js';
import { callContract } from '../../src-shared/ipc/index.js';
import { seededFloats } from '../../src-shared/random.js';
import { DAY_MS, formatThaiDate } from '../../src-shared/time/index.js';

export const QUOTATIONS = 20_000;
export const NAMES = [
  'Somchai',
  'Siriporn',
  'Anan',
  'Kanya',
  'Prasert',
  'Wipa',
  'Chaiwat',
  'Malee',
  'Nok',
  'Thawee',
];
export const WORDS = ['Trading', 'Supply', 'Hardware', 'Foods', 'Logistics', 'Mart', 'Store', 'Parts'];

function quotation(index: number, random: () => number): QuotationFields {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const amount = Math.round(random() * 5_000_000) / 100;
  const customer = `${pick(NAMES)} ${pick(WORDS)} ${index % 97}`;
  return {
    serverId: index + 1,
    uniqueNumber: `bench-${index}`,
    number: `QT-${String(index).padStart(6, '0')}`,
    docDate: formatThaiDate(Date.now() - Math.floor(random() * 400) * DAY_MS),
    status: pick(['Pending', 'Success', 'Voided'] as const),
    createUsername: pick(['admin', 'sales1', 'sales2']),
    stored: {
      customer: {
        name: customer,
        idNumber: '',
        phone: '',
        email: '',
        address: '',
        branchName: '',
        branchNo: '',
      },
      reference: `REF-${index}`,
      description: '',
      salesChannel: 'Shop',
      tags: [],
      approveDate: '',
      lines: [
        {
          productId: index,
          sku: `SKU-${index % 5000}`,
          name: `${pick(WORDS)} item`,
          unitText: '',
          quantity: 1,
          unitPrice: amount,
          discount: '',
        },
      ],
      vatType: 'noVat',
      discount: '',
      shippingAmount: 0,
      shippingVat: false,
      figures: {
        vatType: 'noVat',
        subtotal: amount,
        discountAmount: 0,
        shippingAmount: 0,
        shippingAmountPretax: 0,
        shippingAmountVat: 0,
        amount,
        amountPretax: amount,
        vatAmount: 0,
        lines: [
          {
            unitDiscount: 0,
            discountAmount: 0,
            totalPrice: amount,
            totalPricePretax: amount,
            totalPriceVat: 0,
          },
        ],
      },
    },
  };
}

/** Fills `db` with QUOTATIONS quotations and returns the service that lists them. */
export function quotationStore(db: Database): DocumentsService {
  const repository = new QuotationRepository(db);
  const random = seededFloats(11, 'documents-bench');
  repository.transaction(() => {
    for (let index = 0; index < QUOTATIONS; index++) {
      repository.upsertFromServer(quotation(index, random), Date.now(), () => true);
    }
  });
  db.exec('ANALYZE');
  const writes = outboxWrites(db);
  return new DocumentsService({
    db,
    writes,
    // The list reads no contact.
    contacts: { byServerId: () => undefined },
    catalogue: new CatalogueRepository(db),
    // The list reads only the sync's window and last pull time: no request is made here.
    sync: new QuotationSync({
      client: {} as BackofficeClient,
      quotations: repository,
      writes,
      now: Date.now,
    }),
  });
}

const args = (extra: Record<string, unknown>) =>
  callContract['documents.quotations'].args.parse({ limit: 50, ...extra });
/** The page's three kinds of list: first page, keyword search, status + amount (`i`: the run's index). */
export const QUOTATION_LIST_CASES = [
  { name: 'first page + totals', args: () => args({}) },
  {
    name: 'keyword search',
    args: (i: number) =>
      args({ keyword: `${NAMES[i % NAMES.length]} ${WORDS[i % WORDS.length]}`.toLowerCase() }),
  },
  {
    name: 'status + amount',
    args: () => args({ status: ['Pending'], amountMin: 1_000, amountMax: 20_000 }),
  },
];
