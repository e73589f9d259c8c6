// Shelves of a warehouse on this PC (issue 24, decision 0021): typed, exported and imported as CSV like
// code aliases (the same file twice changes nothing), a bad row refusing the whole file by its row and
// field. A real store database in a temp file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isRefusal, type Refusal } from '../../src-main/refusal/refusal.js';
import type { Shelves } from '../../src-main/shelves/shelves.js';
import {
  openCountingFixture,
  OTHER_WAREHOUSE,
  WAREHOUSE,
  type CountingFixture,
} from '../counting/support/counting-fixture.js';

function refusalOf(action: () => unknown): Refusal {
  try {
    action();
  } catch (error) {
    if (isRefusal(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('shelves', () => {
  let fixture: CountingFixture;
  let shelves: Shelves;
  beforeEach(() => {
    fixture = openCountingFixture();
    shelves = fixture.service.shelves;
  });
  afterEach(() => fixture.close());

  it('keeps a typed shelf, renames it when typed again, and refuses a bad one naming the field', () => {
    shelves.save({ warehouseCode: WAREHOUSE, code: 'SHELF-A-01', name: '  ชั้น A  ' });
    fixture.tick();
    shelves.save({ warehouseCode: WAREHOUSE, code: 'SHELF-A-01', name: 'ชั้น A แถว 1' });
    expect(shelves.list({ warehouseCode: WAREHOUSE })).toEqual([
      { warehouseCode: WAREHOUSE, code: 'SHELF-A-01', name: 'ชั้น A แถว 1', updatedAt: fixture.now },
    ]);
    const cases: [string, string, string, string, string][] = [
      [WAREHOUSE, 'A-01', 'x', 'code', 'shelf-code-shape'],
      [WAREHOUSE, 'shelf-a-01', 'x', 'code', 'shelf-code-shape'],
      [WAREHOUSE, ' SHELF-A-01', 'x', 'code', 'shelf-code-shape'],
      [WAREHOUSE, 'SHELF-', 'x', 'code', 'shelf-code-shape'],
      [WAREHOUSE, 'SHELF-A-02', '   ', 'name', 'shelf-name'],
      [WAREHOUSE, 'SHELF-A-02', 'ก'.repeat(101), 'name', 'shelf-name'],
      ['W9999', 'SHELF-A-02', 'x', 'warehouse', 'unknown-warehouse'],
    ];
    for (const [warehouseCode, code, name, field, reason] of cases) {
      const refusal = refusalOf(() => shelves.save({ warehouseCode, code, name }));
      expect([refusal.reason, refusal.fields[0]?.path]).toEqual([reason, field]);
    }
    expect(shelves.list({ warehouseCode: WAREHOUSE })).toHaveLength(1);
  });

  it('exports CSV that another PC imports once: the same file twice changes nothing', () => {
    shelves.save({ warehouseCode: WAREHOUSE, code: 'SHELF-A-01', name: 'ชั้น A, แถว "1"' });
    shelves.save({ warehouseCode: WAREHOUSE, code: 'SHELF-B-01', name: '=Cold room' });
    const file = shelves.exportCsv({ warehouseCode: WAREHOUSE });
    expect(file.fileName).toBe(`shelves ${WAREHOUSE}.csv`);

    const other = openCountingFixture();
    try {
      const there = other.service.shelves;
      expect(there.importCsv({ text: file.text })).toEqual({ added: 2, renamed: 0, unchanged: 0 });
      expect(there.importCsv({ text: file.text })).toEqual({ added: 0, renamed: 0, unchanged: 2 });
      expect(there.list({ warehouseCode: WAREHOUSE }).map(({ code, name }) => [code, name])).toEqual([
        ['SHELF-A-01', 'ชั้น A, แถว "1"'],
        ['SHELF-B-01', '=Cold room'],
      ]);
      const renamed = `warehouse,code,name\r\n${WAREHOUSE},SHELF-A-01,Aisle 1\n${OTHER_WAREHOUSE};x`.replace(
        ';x',
        ',SHELF-F-1,Front\n\n',
      );
      expect(there.importCsv({ text: renamed })).toEqual({ added: 1, renamed: 1, unchanged: 0 });
    } finally {
      other.close();
    }
  });

  it('refuses a file with a bad row whole, naming the row and the field', () => {
    const header = 'warehouse,code,name\n';
    const cases: [string, string, string][] = [
      [`${WAREHOUSE},SHELF-A-01,ok\n${WAREHOUSE},A-02,bad code\n`, 'rows.3.code', 'shelf-code-shape'],
      [`${WAREHOUSE},SHELF-A-01,\n`, 'rows.2.name', 'shelf-name'],
      [`W9,SHELF-A-01,x\n`, 'rows.2.warehouse', 'unknown-warehouse'],
      [`${WAREHOUSE},SHELF-A-01,one\n${WAREHOUSE},SHELF-A-01,two\n`, 'rows.3.code', 'shelf-repeated'],
    ];
    for (const [rows, path, reason] of cases) {
      const refusal = refusalOf(() => shelves.importCsv({ text: header + rows }));
      expect([refusal.fields[0]?.path, refusal.reason]).toEqual([path, reason]);
    }
    expect(refusalOf(() => shelves.importCsv({ text: 'code,name\nSHELF-A-01,x\n' })).reason).toBe(
      'shelf-file',
    );
    expect(refusalOf(() => shelves.importCsv({ text: `${header}"${WAREHOUSE},SHELF` })).reason).toBe(
      'shelf-file',
    );
    expect(shelves.list({ warehouseCode: WAREHOUSE })).toEqual([]);
  });

  it('forgets a shelf, and says when there was none', () => {
    shelves.save({ warehouseCode: WAREHOUSE, code: 'SHELF-A-01', name: 'A' });
    expect(shelves.remove({ warehouseCode: WAREHOUSE, code: 'SHELF-A-01' })).toEqual({ removed: true });
    expect(refusalOf(() => shelves.remove({ warehouseCode: WAREHOUSE, code: 'SHELF-A-01' })).reason).toBe(
      'shelf-not-found',
    );
  });
});
