import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countSessionCsv, type ReviewRow } from '../../src-main/counting/index.js';
import { openCountingFixture, WAREHOUSE, type CountingFixture } from './support/counting-fixture.js';

const counted = (fields: Partial<Extract<ReviewRow, { kind: 'counted' }>>): ReviewRow => ({
  kind: 'counted',
  lineId: 1,
  productId: 1,
  sku: 'SKU-1',
  barcode: '8850000000011',
  name: 'Plain',
  unittext: 'ชิ้น',
  purchaseprice: 2,
  countedAgainst: 10,
  counted: 7,
  variance: -3,
  varianceValue: -6,
  expected: 10,
  drift: 0,
  notCountedAsZero: false,
  recount: null,
  ...fields,
});

/** The lines of the text without the byte-order mark, split on CRLF. */
function linesOf(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

describe('session CSV', () => {
  it('has the header and one line per row: counted, not counted, unknown code', () => {
    const csv = countSessionCsv([
      counted({}),
      {
        kind: 'notCounted',
        productId: 2,
        sku: 'SKU-2',
        barcode: '',
        name: 'Left',
        unittext: '',
        purchaseprice: 1,
        expected: 4.5,
      },
      { kind: 'unknown', lineId: 3, code: '9999999999994', counted: 2, scans: 2, state: 'open' },
    ]);
    expect(linesOf(csv)).toEqual([
      'sku,barcode,name,expected,counted,variance,value',
      'SKU-1,8850000000011,Plain,10,7,-3,-6.00',
      'SKU-2,,Left,4.5,,,',
      ',9999999999994,,,2,,',
    ]);
  });

  it('keeps Thai text as it is and quotes commas, quotes and line breaks', () => {
    const csv = countSessionCsv([
      counted({ name: 'น้ำปลา, ขวดใหญ่ "ตราปลาหมึก"', sku: 'A"B' }),
      counted({ name: 'two\nlines', sku: 'ไทย' }),
      counted({ name: ' padded ', varianceValue: 0.1 + 0.2 }),
    ]);
    expect(linesOf(csv)).toEqual([
      'sku,barcode,name,expected,counted,variance,value',
      '"A""B",8850000000011,"น้ำปลา, ขวดใหญ่ ""ตราปลาหมึก""",10,7,-3,-6.00',
      'ไทย,8850000000011,"two\nlines",10,7,-3,-6.00',
      'SKU-1,8850000000011," padded ",10,7,-3,0.30',
    ]);
  });

  it('turns a text cell a spreadsheet would run as a formula into plain text', () => {
    const csv = countSessionCsv([counted({ name: '=HYPERLINK("http://x")', sku: '+1', barcode: '@x' })]);
    expect(linesOf(csv)[1]).toBe(`'+1,'@x,"'=HYPERLINK(""http://x"")",10,7,-3,-6.00`);
  });

  describe('of a real session', () => {
    let fixture: CountingFixture;
    beforeEach(() => {
      fixture = openCountingFixture();
      fixture.seed([
        {
          id: 1,
          sku: 'FISH-SAUCE',
          barcode: '8850000000011',
          name: 'น้ำปลา, 700 มล.',
          purchaseprice: '25.5',
          stock: 12,
        },
        { id: 2, sku: 'RICE', name: 'ข้าว "หอมมะลิ"', stock: 3 },
      ]);
    });
    afterEach(() => fixture.close());

    it('exports the whole review', () => {
      const sessionId = fixture.service.createSession({ warehouseCode: WAREHOUSE }).id;
      fixture.service.scan({ sessionId, code: '8850000000011', counter: 'A', quantity: 10 });
      fixture.service.scan({ sessionId, code: 'LOST-CODE', counter: 'A' });
      expect(linesOf(fixture.service.exportCsv(sessionId).csv)).toEqual([
        'sku,barcode,name,expected,counted,variance,value',
        'FISH-SAUCE,8850000000011,"น้ำปลา, 700 มล.",12,10,-2,-51.00',
        'RICE,,"ข้าว ""หอมมะลิ""",3,,,',
        ',LOST-CODE,,,1,,',
      ]);
    });
  });
});
