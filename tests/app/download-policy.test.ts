// The download rule of the window: only the page's own blob: files, offered in Documents under a
// plain name that cannot point the save dialog anywhere else.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideDownload, safeFileName } from '../../src-main/app/download-policy.js';

const options = { appOrigins: ['app://stockroom'], documentsDirectory: '/home/clerk/Documents' };

describe('downloads', () => {
  it('saves a blob the page made, in Documents', () => {
    expect(decideDownload('blob:app://stockroom/3f2a-11', 'count-W0001-2026-11-21.csv', options)).toEqual({
      allow: true,
      defaultPath: join('/home/clerk/Documents', 'count-W0001-2026-11-21.csv'),
    });
  });

  it('refuses anything else: other origins, other schemes, a look-alike origin', () => {
    for (const url of [
      'https://backoffice.example/export.csv',
      'blob:https://evil.example/1',
      'blob:app://stockroom.evil/1',
      'data:text/csv,a',
    ]) {
      expect(decideDownload(url, 'x.csv', options).allow, url).toBe(false);
    }
  });

  it('reduces a suggested name to a plain file name', () => {
    expect(safeFileName('../../.bashrc')).toBe('_.._.bashrc');
    expect(safeFileName('C:\\Windows\\evil.csv')).toBe('C__Windows_evil.csv');
    expect(safeFileName('..')).toBe('stockroom-export.csv');
    expect(safeFileName('นับสต็อก W0001\u0000\u202e.csv')).toBe('นับสต็อก W0001.csv');
    expect(safeFileName('x'.repeat(300))).toHaveLength(120);
  });
});
