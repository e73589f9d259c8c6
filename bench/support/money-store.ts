// The money side's store for benches: the app's money services on a database, and 50,000 cached
// incomes and expenses (money.bench.ts, lists-under-load.bench.ts, time-to-work.bench.ts).
import {
  BackofficeClient,
  InMemoryRequestBudgetStore,
  RequestBudget,
  type RequestEvent,
} from '../../src-main/backoffice/index.js';
import { CatalogueRepository } from '../../src-main/catalog/catalogue.repository.js';
import { ContactsRepository, ContactsService, outboxContactWrites } from '../../src-main/contacts/index.js';
import type { Database } from '../../src-main/db/database.js';
import { MoneyService, MoneySync } from '../../src-main/money/index.js';
import { outboxWrites } from '../../src-main/outbox/index.js';
import { MoneyRecordRepository } from '../../src-main/money/money-record.repository.js';
import { MoneyTransferRepository } from '../../src-main/money/money-transfer.repository.js';
import { DEFAULT_STORE } from '../../src-main/sandbox/index.js';
import { createRandom } from '../../src-shared/random.js';
import { DAY_MS, formatThaiDate } from '../../src-shared/time/index.js';

export const RECORDS = 50_000;
const CREDENTIALS = {
  storename: DEFAULT_STORE.name,
  apikey: DEFAULT_STORE.apikey,
  apisecret: DEFAULT_STORE.apisecret,
};

export const WORDS = ['pallet', 'carton', 'freight', 'rent', 'สินค้า', 'ค่าขนส่ง', 'refund', 'deposit', 'repair'];
const NAMES = ['Siam Trading', 'บริษัท ไทยพาณิชย์', 'Chiang Mai Supply', 'Nakhon Logistics', 'ร้านสมชาย'];

export function moneyApp(db: Database, client: BackofficeClient, now: () => number) {
  const writes = outboxWrites(db);
  const sync = new MoneySync({
    client,
    records: new MoneyRecordRepository(db),
    transfers: new MoneyTransferRepository(db),
    writes,
    now,
  });
  const catalogue = new CatalogueRepository(db);
  const contacts = new ContactsService({
    repository: new ContactsRepository(db),
    writes: outboxContactWrites(db),
    catalogue,
  });
  const money = new MoneyService({ db, writes, catalogue, contacts, sync, pageReads: client, now });
  return { sync, money };
}

export function newClient(baseUrl: string, now: () => number, events: Array<RequestEvent & { at: number }>) {
  return new BackofficeClient({
    baseUrl,
    credentials: CREDENTIALS,
    budget: new RequestBudget({ store: new InMemoryRequestBudgetStore(), storeKey: 'bench', now }),
    onRequest: (event) => events.push({ ...event, at: now() }),
    now,
  });
}

/** `count` (default 50,000) incomes and expenses over the last 90 days, a third of them not fully paid. */
export function fillRecords(records: MoneyRecordRepository, now: number, count = RECORDS): void {
  const random = createRandom('money-bench', 'records');
  records.transaction(() => {
    for (let index = 1; index <= count; index += 1) {
      const amount = Math.round(random.next() * 5_000_000) / 100;
      const paid = random.next() < 0.33 ? Math.round(amount * random.next() * 100) / 100 : amount;
      const name = NAMES[index % NAMES.length] ?? '';
      const word = WORDS[index % WORDS.length] ?? '';
      records.upsertFromServer(
        {
          kind: index % 2 === 0 ? 'income' : 'expense',
          serverId: index,
          uniqueNumber: `bench-${index}`,
          docDate: formatThaiDate(now - Math.floor(random.next() * 90) * DAY_MS),
          contactName: `${name} ${index % 977}`,
          reference: `REF-${index}`,
          description: `${word} ${index % 313}`,
          vattype: 3,
          amount,
          amountPretax: Math.round((amount / 1.07) * 100) / 100,
          vatAmount: Math.round((amount - amount / 1.07) * 100) / 100,
          serverPaid: paid,
          detail: {
            contact: { name, idNumber: '', phone: '', email: '', address: '', branchName: '', branchNo: '' },
            discount: '',
            lines: [
              { name: word, categoryName: '', totalPrice: amount, totalPricePretax: 0, totalPriceVat: 0 },
            ],
            payments: [],
            tags: [],
          },
        },
        now,
      );
    }
  });
}
