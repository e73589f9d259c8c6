// Files from elsewhere (issue 21): names cleaned of what hides their end, types read from the bytes,
// and what could run — by its name or its bytes — or is not on the allow-list only ever saved.
import { describe, expect, it } from 'vitest';
import { cleanFileName, nameWithExtension } from '../../../src-shared/files/file-names.js';
import { judgeReceivedFile, listedContentType } from '../../../src-shared/files/received-files.js';
import { PDF, PNG } from '../../files/support/files-fixture.js';

const text = (value: string) => new TextEncoder().encode(value);
const bytes = (...values: number[]) => new Uint8Array(values);
/** A zip whose first entry is `entry` (its local header: signature, fields, name length at 26). */
function zipStartingWith(entry: string): Uint8Array {
  const header = new Uint8Array(30 + entry.length);
  header.set([0x50, 0x4b, 0x03, 0x04]);
  header[26] = entry.length;
  header.set(text(entry), 30);
  return header;
}
const MZ = bytes(0x4d, 0x5a, 0x90, 0x00, 0x03);

describe('cleanFileName', () => {
  it.each([
    ['report\u202Efdp.exe', 'reportfdp.exe'],
    ['a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk.pdf', 'abcdefghijk.pdf'],
    ['bill\u0000\u0007\u001f\u007f\u0080\u009f.pdf', 'bill.pdf'],
    ['zero\u200Bwidth\uFEFF.png', 'zerowidth.png'],
    ['setup.exe. . ', 'setup.exe'],
    ['..\\..\\evil.exe', '_.._evil.exe'],
    ['ใบแจ้งหนี้ 12.pdf', 'ใบแจ้งหนี้ 12.pdf'],
    ['\u202E', 'file'],
  ])('%j → %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('names a picture for what its bytes are, cleaned and bounded', () => {
    expect(nameWithExtension('front\u202Egnp.exe', 'png', 200)).toBe('frontgnp.png');
    expect(nameWithExtension('photo', 'jpg', 200)).toBe('photo.jpg');
    expect(nameWithExtension('x'.repeat(300) + '.png', 'png', 200)).toHaveLength(200);
  });
});

describe('judgeReceivedFile', () => {
  it('shows a picture or PDF whose bytes say so, with the type from the bytes', () => {
    expect(judgeReceivedFile('scan.png', PNG)).toEqual({
      fileName: 'scan.png',
      type: 'image/png',
      view: 'image',
      warning: null,
    });
    expect(judgeReceivedFile('terms.pdf', PDF)).toMatchObject({ view: 'pdf', type: 'application/pdf' });
  });

  it.each([
    ['invoice.pdf.exe', PDF],
    ['report\u202Efdp.exe', MZ],
    ['setup.exe.', MZ],
    ['scan.png', MZ],
    ['bill.pdf', bytes(0x7f, 0x45, 0x4c, 0x46, 0x02)],
    ['notes.txt', text('#!/bin/sh\nrm -rf ~\n')],
    ['sheet.xlsx', zipStartingWith('META-INF/MANIFEST.MF')],
    ['letter.docx', zipStartingWith('AppxManifest.xml')],
    ['run.hta', text('<html><script>alert(1)</script>')],
    ['shortcut.lnk', bytes(0x4c, 0x00, 0x00, 0x00)],
    ['page.html', text('<!doctype html><p>hi')],
    ['logo.svg', text('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>')],
    ['install.msi', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['tool.ps1', text('Remove-Item C:\\')],
  ])('%j only saved, warned as runnable, never typed as markup', (name, data) => {
    const judged = judgeReceivedFile(name, data);
    expect(judged).toMatchObject({ view: 'save', warning: 'runnable' });
    expect(judged.type).not.toMatch(/html|svg|xml|msdownload|javascript/);
  });

  it('a name off the allow-list is only saved, warned, with no renderable type', () => {
    for (const [name, data] of [
      ['archive.7z', bytes(0x37, 0x7a, 0xbc, 0xaf)],
      ['data.json', text('{"a":1}')],
      ['page.xhtml', text('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>')],
      ['no-extension', text('hello')],
    ] as const) {
      const judged = judgeReceivedFile(name, data);
      expect(judged.view, name).toBe('save');
      expect(judged.warning, name).not.toBeNull();
      expect(judged.type, name).toMatch(/^(application\/octet-stream|text\/plain)$/);
    }
  });

  it('bytes that are not what the name says are only saved, with a warning', () => {
    expect(judgeReceivedFile('photo.png', PDF)).toMatchObject({
      view: 'save',
      warning: 'contentMismatch',
      type: 'application/pdf',
    });
    expect(judgeReceivedFile('bill.pdf', text('<html><body>pay here</body></html>'))).toMatchObject({
      view: 'save',
      warning: 'contentMismatch',
      type: 'application/octet-stream',
    });
  });

  it('office documents and text are saved plainly, typed from their bytes', () => {
    expect(judgeReceivedFile('sheet.xlsx', zipStartingWith('[Content_Types].xml'))).toEqual({
      fileName: 'sheet.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      view: 'save',
      warning: null,
    });
    expect(judgeReceivedFile('list.csv', text('sku,qty\nA,1\n'))).toMatchObject({
      type: 'text/csv',
      warning: null,
    });
    expect(judgeReceivedFile('หมายเหตุ.txt', text('ส่งของวันจันทร์'))).toMatchObject({
      type: 'text/plain',
      warning: null,
    });
    // Markup in a .txt is saved as text, and never handed to the page as something it renders.
    expect(judgeReceivedFile('notes.txt', text('<script>alert(1)</script>')).type).toBe(
      'application/octet-stream',
    );
  });

  it('a listed file is typed by its allow-listed extension, never by what the sender said', () => {
    expect(listedContentType('scan.png')).toBe('image/png');
    expect(listedContentType('page.html')).toBe('application/octet-stream');
    expect(listedContentType('logo.svg')).toBe('application/octet-stream');
  });
});
