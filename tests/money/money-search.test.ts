// The keyword search of the money copy through its trigram indexes (migration 0009) finds exactly the
// rows the plain substring scan finds (instr on search_text, the meaning before the index), for
// keywords the index narrows and for broad ones it does not, Thai and FTS syntax included, and stays in
// step with the table through pulls that change a record's text, local records and the daily prune.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src-main/db/database.js';
import { MoneyRecordRepository } from '../../src-main/money/money-record.repository.js';
import type { RecordFields, TransferFields } from '../../src-main/money/money-rows.js';
import { MAX_INDEXED_CANDIDATES } from '../../src-main/windowed-copy/keyword-index.js';
import { MoneyTransferRepository } from '../../src-main/money/money-transfer.repository.js';
import { createRandom } from '../../src-shared/random.js';

const WORDS = ['pallet', 'carton', 'freight', 'สินค้า', 'ค่าขนส่ง', 'a"b', 'x*y', 'rent AND deposit', 'น้ำ'];
const NAMES = ['Siam Trading', 'บริษัท ไทยพาณิชย์', 'Chiang Mai Supply', 'ร้านสมชาย'];
// "common" is on more rows than the index reads one by one, so the broad path is compared too.
const COMMON_ROWS = MAX_INDEXED_CANDIDATES + 200;
const KEYWORDS = [
  'pallet',
  'pallet 1',
  'allet 12',
  'carton 7',
  'สินค้า',
  'ค่าขน',
  'ไทย',
  'a"b',
  '"',
  'x*y',
  '*',
  'rent and',
  'and deposit',
  '(',
  'ref-1',
  'ref-12',
  'common',
  'common 3',
  'mmo',
  'ab',
  'n',
  'siam trading 1',
  'no such text',
  '  ',
  'ร้าน',
];

function record(index: number, word: string, docDate: string, paid: number): RecordFields {
  const name = `${NAMES[index % NAMES.length] ?? ''} ${index % 37}`;
  return {
    kind: index % 3 === 0 ? 'expense' : 'income',
    serverId: index,
    uniqueNumber: `u-${index}`,
    docDate,
    contactName: name,
    reference: `REF-${index}`,
    description: `${word} ${index % 53}${index <= COMMON_ROWS ? ` common ${index % 7}` : ''}`,
    vattype: 1,
    amount: 100,
    amountPretax: 100,
    vatAmount: 0,
    serverPaid: paid,
    detail: {
      contact: { name, idNumber: '', phone: '', email: '', address: '', branchName: '', branchNo: '' },
      discount: '',
      lines: [{ name: word, categoryName: '', totalPrice: 100, totalPricePretax: 100, totalPriceVat: 0 }],
      payments: [],
      tags: [],
    },
  };
}

function transfer(index: number, word: string): TransferFields {
  return {
    serverId: index,
    uniqueNumber: `t-${index}`,
    actionDate: `2026-0${1 + (index % 9)}-1${index % 10}`,
    amount: index,
    fromMethodId: 1,
    fromMethodName: 'Cash',
    toMethodId: 2,
    toMethodName: index % 2 === 0 ? 'ธนาคารกสิกร' : 'Bank',
    status: 'Success',
    reference: `REF-${index}`,
    description: `${word} ${index % 11}${index <= COMMON_ROWS ? ' common' : ''}`,
  };
}

describe('money keyword search through the trigram index', () => {
  let folder: string;
  let db: Database;
  let records: MoneyRecordRepository;
  let transfers: MoneyTransferRepository;
  const random = createRandom('money-search-test', 'rows');

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-money-search-'));
    db = openDatabase(join(folder, 'money.sqlite'));
    records = new MoneyRecordRepository(db);
    transfers = new MoneyTransferRepository(db);
    records.transaction(() => {
      for (let index = 1; index <= 3_000; index += 1) {
        const word = WORDS[Math.floor(random.next() * WORDS.length)] ?? '';
        const date = `2026-0${1 + Math.floor(random.next() * 9)}-${10 + Math.floor(random.next() * 18)}`;
        const fields = record(index, word, date, random.next() < 0.5 ? 100 : 0);
        if (index % 10 === 0) records.insertLocal({ ...fields, serverId: null }, index, 1);
        else records.upsertFromServer(fields, 1);
        transfers.upsertFromServer(transfer(index, word), 1);
      }
    });
  });
  afterAll(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The meaning before the index: every row whose search_text holds the keyword, newest first. */
  function scannedRecords(kind: string, keyword: string): number[] {
    return db
      .prepare<[string, string], { id: number }>(
        `SELECT id FROM money_records WHERE kind = ? AND instr(search_text, ?) > 0
         ORDER BY doc_date DESC, id DESC`,
      )
      .all(kind, keyword)
      .map((row) => row.id);
  }

  function scannedTransfers(keyword: string): number[] {
    return db
      .prepare<[string], { id: number }>(
        `SELECT id FROM money_transfers WHERE instr(search_text, ?) > 0 ORDER BY action_date DESC, id DESC`,
      )
      .all(keyword)
      .map((row) => row.id);
  }

  function expectSameAsScan(): void {
    let compared = 0;
    for (const keyword of KEYWORDS) {
      for (const kind of ['income', 'expense'] as const) {
        const expected = scannedRecords(kind, keyword);
        const found = records.list({ kind, keyword }, 10_000, 0).map((row) => row.id);
        expect(found, `${kind} "${keyword}"`).toEqual(expected);
        expect(records.totals({ kind, keyword }).count, `${kind} "${keyword}" count`).toBe(expected.length);
        compared += expected.length;
      }
      const expected = scannedTransfers(keyword);
      expect(
        transfers.list({ keyword }, 10_000, 0).map((row) => row.id),
        `transfers "${keyword}"`,
      ).toEqual(expected);
      expect(transfers.totals({ keyword }).count).toBe(expected.length);
    }
    // The comparison is not vacuous: the keywords find thousands of rows between them.
    expect(compared).toBeGreaterThan(3_000);
    records.searchIndex.check();
    transfers.searchIndex.check();
  }

  it('finds exactly the rows the substring scan finds, narrow and broad keywords alike', () => {
    expect(scannedRecords('income', 'common').length + scannedRecords('expense', 'common').length).toBe(
      COMMON_ROWS,
    );
    // With other filters and paging too.
    const filter = { kind: 'income' as const, keyword: 'pallet', dateFrom: '2026-03-01', amountMin: 50 };
    const all = records.list(filter, 10_000, 0).map((row) => row.id);
    expect(all.length).toBeGreaterThan(10);
    expect(records.list(filter, 5, 5).map((row) => row.id)).toEqual(all.slice(5, 10));
    expectSameAsScan();
  });

  it('stays in step when pulls change the text, local records land and the prune drops rows', () => {
    records.transaction(() => {
      for (let index = 1; index <= 3_000; index += 7) {
        const word = WORDS[(index + 3) % WORDS.length] ?? '';
        // Records made here (index % 10 === 0) land on their row by uniquenumber with their server id.
        records.upsertFromServer(record(index, `${word} changed`, '2025-01-01', 100), 2);
        transfers.upsertFromServer({ ...transfer(index, `${word} changed`), actionDate: '2025-01-01' }, 2);
      }
    });
    expect(scannedRecords('income', 'changed').length).toBeGreaterThan(100);
    expectSameAsScan();
    const dropped = records.prune('2026-01-01') + transfers.prune('2026-01-01');
    expect(dropped).toBeGreaterThan(400);
    expect(scannedRecords('income', 'changed')).toEqual([]);
    expectSameAsScan();
  });

  it('an index out of step is detected, and rebuild repairs it', () => {
    db.prepare("UPDATE money_records SET search_text = 'zzz only in the table' WHERE id = 2").run();
    expect(() => records.searchIndex.check()).toThrow();
    records.searchIndex.rebuild();
    records.searchIndex.check();
    expect(records.list({ kind: 'income', keyword: 'zzz only' }, 10, 0).map((row) => row.id)).toEqual([2]);
  });
});
