// The quotation list's totals kept by migration 0018's triggers (each status's count and satang) equal
// the count and sum over the rows themselves, for every row and for each set of statuses, through
// quotations made here, writes on them, pulls that change a status or an amount, and the prune; and a
// filter beyond the statuses still sums the rows it keeps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src-main/db/database.js';
import { QuotationRepository } from '../../src-main/documents/index.js';
import type { QuotationFields } from '../../src-main/documents/quotation-rows.js';
import { roundMoney } from '../../src-shared/money/index.js';

const STATUSES = ['Pending', 'Success', 'Voided'] as const;
const STATUS_SETS = [[], ['Pending'], ['Success'], ['Voided'], ['Pending', 'Voided'], [...STATUSES]];

function quotation(index: number, status: QuotationFields['status'], amount: number): QuotationFields {
  return {
    serverId: index,
    uniqueNumber: `u-${index}`,
    number: `QT-${String(index).padStart(5, '0')}`,
    docDate: `2026-0${1 + (index % 9)}-1${index % 10}`,
    status,
    createUsername: index % 2 === 0 ? 'admin' : 'sales1',
    stored: {
      customer: {
        name: 'Siam',
        idNumber: '',
        phone: '',
        email: '',
        address: '',
        branchName: '',
        branchNo: '',
      },
      reference: '',
      description: '',
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
        subtotal: amount,
        discountAmount: 0,
        shippingAmount: 0,
        shippingAmountPretax: 0,
        shippingAmountVat: 0,
        amount,
        amountPretax: amount,
        vatAmount: 0,
        lines: [],
      },
    },
  };
}

/** Amounts with satang that add up badly as floats (0.1 + 0.2). */
const amountOf = (index: number) => roundMoney((index % 997) * 10.1 + 0.2);
const statusOf = (index: number) => STATUSES[index % 3] ?? 'Pending';

describe('quotation totals kept by triggers', () => {
  let folder: string;
  let db: Database;
  let quotations: QuotationRepository;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'stockroom-quotation-totals-'));
    db = openDatabase(join(folder, 'store.sqlite'));
    quotations = new QuotationRepository(db);
  });
  afterAll(() => {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The count and sum over the rows themselves (the meaning before the kept totals). */
  function counted(statuses: readonly string[]): { count: number; amount: number } {
    const where = statuses.length === 0 ? '' : `WHERE status IN (${statuses.map(() => '?').join(', ')})`;
    const row = db
      .prepare<string[], { count: number; amount: number }>(
        `SELECT count(*) AS count, coalesce(sum(amount), 0) AS amount FROM quotations ${where}`,
      )
      .get(...statuses);
    return { count: row?.count ?? 0, amount: roundMoney(row?.amount ?? 0) };
  }

  function expectKeptTotalsRight(): void {
    for (const status of STATUS_SETS) {
      expect(quotations.page({ status }, 1, 0).totals, status.join(',')).toEqual(counted(status));
    }
  }

  it('match the rows through local writes, changing pulls and the prune', () => {
    expectKeptTotalsRight();
    quotations.transaction(() => {
      for (let index = 1; index <= 1_500; index += 1) {
        const fields = quotation(index, statusOf(index), amountOf(index));
        if (index % 10 === 0) quotations.insertLocal({ ...fields, serverId: null }, index, 1);
        else quotations.upsertFromServer(fields, 1, () => true);
      }
    });
    expect(counted([]).count).toBe(1_500);
    expectKeptTotalsRight();

    quotations.transaction(() => {
      for (let index = 1; index <= 1_500; index += 7) {
        const changed = quotation(index, statusOf(index + 1), amountOf(index * 3));
        if (index % 10 === 0) {
          const local = db
            .prepare<[string], { id: number }>('SELECT id FROM quotations WHERE unique_number = ?')
            .get(`u-${index}`);
          quotations.updateLocal(local?.id ?? 0, { ...changed, serverId: null }, 10_000 + index);
        }
        quotations.upsertFromServer(changed, 2, () => true);
      }
    });
    expectKeptTotalsRight();
    expect(quotations.prune('2026-04-01')).toBeGreaterThan(100);
    expectKeptTotalsRight();
    // The kept totals are not vacuous: each status holds rows and money.
    for (const status of STATUSES) expect(counted([status]).amount).toBeGreaterThan(1_000);
  });

  it('a filter beyond the statuses sums the rows it keeps', () => {
    const filter = { status: ['Pending'], amountMin: 1_000, amountMax: 5_000, createdBy: 'admin' };
    const rows = quotations.page(filter, 10_000, 0).rows;
    expect(rows.length).toBeGreaterThan(10);
    expect(quotations.page(filter, 5, 0).totals).toEqual({
      count: rows.length,
      amount: roundMoney(rows.reduce((sum, row) => sum + row.amount, 0)),
    });
    expect(quotations.page({ dateFrom: '2026-09-01' }, 1, 0).totals.count).toBe(
      db
        .prepare<[], { n: number }>("SELECT count(*) AS n FROM quotations WHERE doc_date >= '2026-09-01'")
        .get()?.n,
    );
  });
});
