// The keyword search of the quotation copy through its trigram index (migration 0012) finds exactly
// the rows the plain substring scan finds (instr on search_text, the meaning before the index), for
// keywords the index narrows and broad ones it does not, Thai and FTS syntax included, and stays in
// step with the table through pulls that change a quotation's text, writes made here and the prune.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src-main/db/database.js';
import { QuotationRepository } from '../../src-main/documents/index.js';
import type { QuotationFields } from '../../src-main/documents/quotation-rows.js';
import { MAX_INDEXED_CANDIDATES } from '../../src-main/windowed-copy/keyword-index.js';

const WORDS = ['pallet', 'carton', 'freight', 'สินค้า', 'ค่าขนส่ง', 'a"b', 'x*y', 'rent AND deposit', 'น้ำ'];
const NAMES = ['Siam Trading', 'บริษัท ไทยพาณิชย์', 'Chiang Mai Supply', 'ร้านสมชาย'];
// "common" is on more rows than the index reads one by one, so the broad path is compared too.
const COMMON_ROWS = MAX_INDEXED_CANDIDATES + 200;
const KEYWORDS = [
  'pallet',
  'pallet 1',
  'carton 7',
  'สินค้า',
  'ค่าขน',
  'ไทย',
  'a"b',
  '"',
  'x*y',
  '*',
  'rent and',
  '(',
  'ref-1',
  'ref-12',
  'qt-0001',
  'common',
  'common 3',
  'ab',
  'n',
  'siam trading 1',
  'no such text',
  'ร้าน',
];

function quotation(index: number, word: string, docDate: string): QuotationFields {
  return {
    serverId: index,
    uniqueNumber: `u-${index}`,
    number: `QT-${String(index).padStart(5, '0')}`,
    docDate,
    status: index % 3 === 0 ? 'Pending' : 'Success',
    createUsername: 'admin',
    stored: {
      customer: {
        name: `${NAMES[index % NAMES.length] ?? ''} ${index % 37}`,
        idNumber: '',
        phone: '',
        email: '',
        address: '',
        branchName: '',
        branchNo: '',
      },
      reference: `REF-${index}`,
      description: `${word} ${index % 53}${index <= COMMON_ROWS ? ` common ${index % 7}` : ''}`,
      salesChannel: '',
      tags: [],
      approveDate: '',
      lines: [],
      vatType: 'noVat',
      discount: '',
      shippingAmount: 0,
      shippingVat: false,
      figures: {
        vatType: 'noVat',
        subtotal: 100,
        discountAmount: 0,
        shippingAmount: 0,
        shippingAmountPretax: 0,
        shippingAmountVat: 0,
        amount: 100,
        amountPretax: 100,
        vatAmount: 0,
        lines: [],
      },
    },
  };
}

describe('quotation keyword search', () => {
  let folder: string;
  let db: Database;
  let quotations: QuotationRepository;
  const wordOf = (index: number) => WORDS[(index * 7) % WORDS.length] ?? '';
  const dateOf = (index: number) => `2026-0${1 + (index % 9)}-${10 + (index % 18)}`;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-quotation-search-'));
    db = openDatabase(join(folder, 'store.sqlite'));
    quotations = new QuotationRepository(db);
    quotations.transaction(() => {
      for (let index = 1; index <= 3_000; index += 1) {
        const fields = quotation(index, wordOf(index), dateOf(index));
        // Every tenth is made here: no server id until its pull lands on it by uniquenumber.
        if (index % 10 === 0) quotations.insertLocal({ ...fields, serverId: null }, index, 1);
        else quotations.upsertFromServer(fields, 1, () => true);
      }
    });
  });
  afterAll(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The meaning before the index: every row whose search_text holds the keyword, newest first. */
  function scanned(keyword: string): number[] {
    return db
      .prepare<[string], { id: number }>(
        'SELECT id FROM quotations WHERE instr(search_text, ?) > 0 ORDER BY doc_date DESC, id DESC',
      )
      .all(keyword)
      .map((row) => row.id);
  }

  function expectSameAsScan(): void {
    let compared = 0;
    for (const keyword of KEYWORDS) {
      const expected = scanned(keyword);
      const { rows, totals } = quotations.page({ keyword }, 10_000, 0);
      expect(
        rows.map((row) => row.id),
        `"${keyword}"`,
      ).toEqual(expected);
      expect(totals.count, `"${keyword}" count`).toBe(expected.length);
      compared += expected.length;
    }
    // The comparison is not vacuous: the keywords find thousands of rows between them.
    expect(compared).toBeGreaterThan(3_000);
    quotations.searchIndex.check();
  }

  it('finds exactly the rows the substring scan finds, narrow and broad keywords alike', () => {
    expect(scanned('common')).toHaveLength(COMMON_ROWS);
    const filter = { keyword: 'pallet', status: ['Pending'], dateTo: '2026-01-20' };
    const all = quotations.page(filter, 10_000, 0).rows.map((row) => row.id);
    expect(all.length).toBeGreaterThan(10);
    expect(quotations.page(filter, 5, 5).rows.map((row) => row.id)).toEqual(all.slice(5, 10));
    expect(quotations.page(filter, 5, 5).totals.count).toBe(all.length);
    expectSameAsScan();
  });

  it('stays in step through changing pulls, writes made here and the prune', () => {
    quotations.transaction(() => {
      for (let index = 1; index <= 3_000; index += 7) {
        const changed = quotation(index, `${wordOf(index + 3)} changed`, '2025-01-01');
        // Made here: a write on it first, then the pull of its server copy lands on it.
        if (index % 10 === 0) {
          const local = db
            .prepare<[string], { id: number }>('SELECT id FROM quotations WHERE unique_number = ?')
            .get(`u-${index}`);
          quotations.updateLocal(local?.id ?? 0, { ...changed, serverId: null }, 10_000 + index);
        }
        quotations.upsertFromServer(changed, 2, () => true);
      }
    });
    expect(scanned('changed').length).toBeGreaterThan(400);
    expectSameAsScan();
    expect(quotations.prune('2026-01-01')).toBeGreaterThan(200);
    expect(scanned('changed').length).toBeLessThan(300);
    expectSameAsScan();
  });

  it('an index out of step is detected, and rebuild repairs it', () => {
    db.prepare("UPDATE quotations SET search_text = 'zzz only in the table' WHERE id = 2").run();
    expect(() => quotations.searchIndex.check()).toThrow();
    quotations.searchIndex.rebuild();
    quotations.searchIndex.check();
    expect(quotations.page({ keyword: 'zzz only' }, 10, 0).rows.map((row) => row.id)).toEqual([2]);
  });
});
