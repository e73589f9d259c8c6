// Files another user of the back office planted on a quotation (issue 21), through the files service on
// a real database and the sandbox over loopback: names that hide their end (`invoice.pdf.exe`, a
// right-to-left override) and senders' types that would render (text/html, image/svg+xml,
// application/xhtml+xml) are listed cleaned, typed by this PC, and opened only as downloads with a
// warning — also from the copy kept for offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQuotation } from '../sandbox/files/file-parents.js';
import { PDF, PNG, startFilesFixture, type FilesFixture } from './support/files-fixture.js';

let f: FilesFixture;
beforeAll(async () => {
  f = await startFilesFixture();
});
afterAll(() => f.close());

const MZ = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
const PLANTED = [
  { fileName: 'invoice.pdf.exe', mimeType: 'application/pdf', data: Buffer.concat([MZ, PDF]) },
  { fileName: 'report\u202Efdp.exe', mimeType: 'application/pdf', data: MZ },
  { fileName: 'page.html', mimeType: 'text/html', data: Buffer.from('<script>alert(1)</script>') },
  { fileName: 'logo.svg', mimeType: 'image/svg+xml', data: Buffer.from('<svg onload="alert(1)"/>') },
  { fileName: 'note.xhtml', mimeType: 'application/xhtml+xml', data: Buffer.from('<html/>') },
  { fileName: 'scan.png', mimeType: 'text/html', data: MZ },
  { fileName: 'photo\u200F.png', mimeType: 'text/html', data: PNG },
] as const;

describe('files planted on the back office', () => {
  it('are listed and opened cleaned, typed from their bytes, and only saved with a warning', async () => {
    const quotation = await addQuotation(f.fx.sandbox);
    const record = { kind: 'quotation' as const, id: quotation.id };
    for (const file of PLANTED) {
      await f.fx.sandbox.call('AddQuotationFile', { query: { id: quotation.id }, file });
    }
    const listed = (await f.files.list({ record })).files;
    expect(listed.map((file) => [file.fileName, file.type]).reverse()).toEqual([
      ['invoice.pdf.exe', 'application/octet-stream'],
      ['reportfdp.exe', 'application/octet-stream'],
      ['page.html', 'application/octet-stream'],
      ['logo.svg', 'application/octet-stream'],
      ['note.xhtml', 'application/octet-stream'],
      ['scan.png', 'image/png'],
      ['photo.png', 'image/png'],
    ]);

    const opened = async () =>
      Promise.all(listed.map((file) => f.files.open({ record, fileId: file.fileId ?? 0 })));
    for (const answers of [await opened(), await opened()]) {
      const byName = new Map(answers.map((answer) => [answer.fileName, answer]));
      expect([...byName.keys()].sort()).toEqual(
        [
          'invoice.pdf.exe',
          'reportfdp.exe',
          'page.html',
          'logo.svg',
          'note.xhtml',
          'scan.png',
          'photo.png',
        ].sort(),
      );
      for (const name of [
        'invoice.pdf.exe',
        'reportfdp.exe',
        'page.html',
        'logo.svg',
        'note.xhtml',
        'scan.png',
      ]) {
        expect(byName.get(name), name).toMatchObject({
          view: 'save',
          warning: 'runnable',
          type: 'application/octet-stream',
        });
      }
      // A real picture under a name with a hidden mark, sent as text/html: shown as the PNG it is.
      expect(byName.get('photo.png')).toMatchObject({ view: 'image', type: 'image/png', warning: null });
    }
  });
});
