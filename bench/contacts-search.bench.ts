// contacts.search on 20,000 cached contacts (and 20 made here): the first page and its "N of M" total
// for no text, a name word, a phone typed without dashes, a tax id, a code and two letters (no trigram:
// a scan). The service as the page calls it, on a real database file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueRepository } from '../src-main/catalog/catalogue.repository.js';
import { ContactsRepository, ContactsService, outboxContactWrites } from '../src-main/contacts/index.js';
import { openDatabase } from '../src-main/db/database.js';
import { ContactDetail } from '../src-shared/api/records.js';
import { seededFloats } from '../src-shared/random.js';
import { median, ms, percentile, timeEach } from './support/stats.js';

const CONTACTS = 20_000;
const FIRST = ['สมชาย', 'สมหญิง', 'Somchai', 'Nattida', 'วิชัย', 'Malee', 'ปราณี', 'Krit'];
const LAST = ['ใจดี', 'รักไทย', 'Wongsawat', 'Siri', 'ทองดี', 'Phromma', 'ศรีสุข', 'Chan'];

export async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-bench-contacts-'));
  const db = openDatabase(join(folder, 'store.sqlite'));
  try {
    const random = seededFloats(12, 'contacts');
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const catalogue = new CatalogueRepository(db);
    const records = Array.from({ length: CONTACTS }, (_, index) =>
      ContactDetail.parse({
        id: index + 1,
        code: `CUS-${String(index + 1).padStart(5, '0')}`,
        name: `${pick(FIRST)} ${pick(LAST)} ${index + 1}`,
        phone:
          `0${8 + Math.floor(random() * 2)}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`.replace(
            /^(\d{3})(\d{3})/,
            '$1-$2-',
          ),
        idnumber: String(1_000_000_000_000 + Math.floor(random() * 8e12)),
        subContactList: [],
        shippingList: [],
      }),
    );
    const started = performance.now();
    for (let at = 0; at < records.length; at += 500) catalogue.upsertContacts(records.slice(at, at + 500));
    console.log(`stored ${CONTACTS} contacts (index kept by triggers): ${ms(performance.now() - started)}`);
    const contacts = new ContactsService({
      repository: new ContactsRepository(db),
      writes: outboxContactWrites(db),
      catalogue,
      pcName: 'bench',
    });
    for (let index = 0; index < 20; index++)
      contacts.create({
        ...contacts.proposeCode(),
        name: `Made here ${index}`,
        idNumber: '',
        phone: '',
        email: '',
        address: '',
        branchName: '',
        branchNo: '',
      });
    const sample = records[12_345];
    const texts = {
      'no text': '',
      'name word': 'somchai',
      'phone without dashes': (sample?.phone ?? '').replace(/-/g, '').slice(0, 7),
      'tax id': sample?.idnumber ?? '',
      code: sample?.code ?? '',
      'two letters (scan)': 'ใจ',
    };
    for (const [what, text] of Object.entries(texts)) {
      let total = 0;
      const samples = await timeEach(200, () => {
        total = contacts.search({ text, offset: 0, limit: 25 }).total;
      });
      console.log(
        `${what.padEnd(22)} ${String(total).padStart(6)} found   median ${ms(median(samples))}   p95 ${ms(percentile(samples, 95))}`,
      );
    }
  } finally {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
