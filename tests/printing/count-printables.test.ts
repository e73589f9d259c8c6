// Count papers from a real store database: the count sheet lists the session's scope in its warehouse
// with the local view's expected stock (queued writes included), shows no expected figure when the
// session is blind, lists a chosen product without stock; the variance report carries the review's
// counted lines and totals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Category } from '../../src-shared/api/records.js';
import { countSheetPrintable, varianceReportPrintable } from '../../src-main/printing/printables.js';
import {
  openCountingFixture,
  WAREHOUSE,
  type CountingFixture,
} from '../counting/support/counting-fixture.js';

describe('count sheet and variance report', () => {
  let fixture: CountingFixture;

  beforeEach(() => {
    fixture = openCountingFixture();
    fixture.catalogue.replaceCategories([
      Category.parse({ id: 10, name: 'เครื่องดื่ม' }),
      Category.parse({ id: 20, name: 'ของแห้ง' }),
    ]);
    fixture.seed([
      { id: 1, sku: 'B-2', name: 'น้ำดื่ม 600 มล.', stock: 5, categoryId: 10, purchaseprice: '4.50' },
      { id: 2, sku: 'A-1', name: 'ชาเขียว', stock: 7, categoryId: 10 },
      { id: 3, sku: 'C-3', name: 'ข้าวสาร 5 กก.', stock: 9, categoryId: 20 },
      { id: 4, sku: 'D-4', name: 'No stock row' },
    ]);
  });
  afterEach(() => fixture.close());

  it('lists the scope by sku with expected stock from the local view', () => {
    const session = fixture.service.createSession({
      warehouseCode: WAREHOUSE,
      name: 'นับเครื่องดื่ม',
      counter: 'Malee',
      scope: { kind: 'categories', categoryIds: [10] },
    });
    fixture.queueStockChange(1, 'increase', 3);
    const { session: view, products } = fixture.service.countSheet(session.id);
    const sheet = countSheetPrintable(view, products, 'ร้านทดสอบ', Date.UTC(2025, 0, 6, 3, 0, 0));
    expect(sheet).toMatchObject({
      storeName: 'ร้านทดสอบ',
      sessionName: 'นับเครื่องดื่ม',
      warehouseCode: WAREHOUSE,
      warehouseName: 'คลังหลัก',
      startedBy: 'Malee',
      printedAt: '2025-01-06 10:00',
      blind: false,
    });
    expect(sheet.rows).toEqual([
      { sku: 'A-1', barcode: '', name: 'ชาเขียว', unit: 'ชิ้น', expected: 7 },
      { sku: 'B-2', barcode: '', name: 'น้ำดื่ม 600 มล.', unit: 'ชิ้น', expected: 8 },
    ]);
  });

  it('a blind session prints no expected figure; a products scope lists a product without stock', () => {
    const session = fixture.service.createSession({
      warehouseCode: WAREHOUSE,
      blind: true,
      scope: { kind: 'products', productIds: [4, 3] },
    });
    const { session: view, products } = fixture.service.countSheet(session.id);
    const sheet = countSheetPrintable(view, products, 'ร้านทดสอบ', fixture.now);
    expect(sheet.blind).toBe(true);
    expect(sheet.rows.map((row) => [row.sku, row.expected])).toEqual([
      ['C-3', null],
      ['D-4', null],
    ]);
  });

  it('the whole warehouse lists every product stocked there', () => {
    const session = fixture.service.createSession({ warehouseCode: WAREHOUSE });
    const { products } = fixture.service.countSheet(session.id);
    expect(products.map((product) => product.sku)).toEqual(['A-1', 'B-2', 'C-3']);
  });

  it('the variance report carries every counted line with units and baht, and the totals', () => {
    const session = fixture.service.createSession({ warehouseCode: WAREHOUSE, name: 'รอบที่ 1' });
    fixture.service.scan({ sessionId: session.id, code: 'B-2', quantity: 3, counter: 'Malee' });
    fixture.service.scan({ sessionId: session.id, code: 'A-1', quantity: 7, counter: 'Malee' });
    const review = fixture.service.review(session.id, 'all');
    const report = varianceReportPrintable(review, 'ร้านทดสอบ', fixture.now);
    const bySku = new Map(report.rows.map((row) => [row.sku, row]));
    expect(bySku.get('B-2')).toMatchObject({ expected: 5, counted: 3, variance: -2, varianceValue: -9 });
    expect(bySku.get('A-1')).toMatchObject({ expected: 7, counted: 7, variance: 0, varianceValue: 0 });
    expect(report.rows).toHaveLength(2);
    expect(report.totals).toEqual({
      countedLines: 2,
      linesWithVariance: 1,
      varianceUnits: -2,
      varianceValue: -9,
      notCounted: 1,
      unknownCodes: 0,
    });
  });
});
