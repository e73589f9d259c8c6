// A PrintingService on the money fixture's real database file and sandbox, with the store's other
// local copies it prints from — quotations (DocumentsService) and return purchase orders — built on
// the same file as the store session builds them. The catalogue holds the sandbox's warehouses and
// W0001's products, so returns and quotations can be made here.
import { CatalogueRepository } from '../../../src-main/catalog/catalogue.repository.js';
import {
  ContactsRepository,
  ContactsService,
  outboxContactWrites,
} from '../../../src-main/contacts/index.js';
import { CountingService } from '../../../src-main/counting/index.js';
import { DocumentsService, QuotationRepository, QuotationSync } from '../../../src-main/documents/index.js';
import { outboxWrites } from '../../../src-main/outbox/index.js';
import {
  MerchantProfileReader,
  PaperSettingsRepository,
  PrintingService,
} from '../../../src-main/printing/index.js';
import { openReturns, type Returns } from '../../../src-main/returns/index.js';
import { startMoneyFixture, type MoneyFixture } from '../../money/support/money-fixture.js';

export interface PrintingFixture {
  readonly m: MoneyFixture;
  readonly documents: DocumentsService;
  readonly returns: Returns;
  readonly merchant: MerchantProfileReader;
  readonly printing: PrintingService;
  /** W0001's products as the sandbox lists them. */
  readonly products: ReadonlyArray<{ id: number; sku: string; name: string; purchaseprice: number }>;
}

export async function startPrintingFixture(): Promise<PrintingFixture> {
  const m = await startMoneyFixture();
  const db = m.fx.db;
  const client = m.fx.client();
  const catalogue = new CatalogueRepository(db);
  catalogue.replaceWarehouses((await client.call('GetWarehouses', { query: { limit: 500 } })).list);
  const listed = await client.call('GetProducts', { query: { warehousecode: 'W0001', limit: 20 } });
  catalogue.upsertProducts(listed.list, { warehouseCode: 'W0001', syncedAt: m.now() });
  const writes = outboxWrites(db);
  const documents = new DocumentsService({
    db,
    writes,
    catalogue,
    contacts: new ContactsService({
      repository: new ContactsRepository(db),
      writes: outboxContactWrites(db),
      catalogue,
    }),
    sync: new QuotationSync({ client, quotations: new QuotationRepository(db), writes, now: m.now }),
    now: m.now,
    pcName: 'wh-pc-03.local',
  });
  const returns = openReturns({ db, client, writes, catalogue, now: m.now, pcName: 'wh-pc-03.local' });
  const merchant = new MerchantProfileReader(db);
  const printing = new PrintingService({
    money: m.money,
    counting: new CountingService(db),
    quotations: documents,
    returns: returns.service,
    merchant,
    papers: new PaperSettingsRepository(db, m.now),
    storeName: 'Profile name',
    now: m.now,
  });
  const products = listed.list.map((product) => ({
    id: product.id,
    sku: product.sku ?? '',
    name: product.name ?? '',
    purchaseprice: Number(product.purchaseprice ?? 0) || 10,
  }));
  return { m, documents, returns, merchant, printing, products };
}
