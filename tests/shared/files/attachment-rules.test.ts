// What may be attached: the name's extension, the size and the first bytes; and the unique names.
import { describe, expect, it } from 'vitest';
import {
  MAX_ATTACHMENT_BYTES,
  checkAttachment,
  checkAttachmentName,
  uniqueAttachmentName,
} from '../../../src-shared/files/attachment-rules.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('checkAttachment', () => {
  it.each([
    ['photo.PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['photo.jpeg', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['anim.gif', text('GIF89a'), 'image/gif'],
    ['pic.webp', text('RIFF\0\0\0\0WEBPVP8 '), 'image/webp'],
    ['bill.pdf', text('%PDF-1.7'), 'application/pdf'],
    [
      'sheet.xlsx',
      bytes(0x50, 0x4b, 0x03, 0x04),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['old.doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'application/msword'],
    ['list.csv', text('sku,qty\n'), 'text/csv'],
  ])('takes %s as %s', (name, head, mime) => {
    const check = checkAttachment(name, 100, head);
    expect(check.ok && check.type.mime).toBe(mime);
  });

  it.each([
    ['setup.exe', text('MZ'), 'file-type-not-allowed'],
    ['photo.png', text('%PDF-1.7'), 'file-content-mismatch'],
    ['bill.pdf', bytes(0x89, 0x50), 'file-content-mismatch'],
    ['notes.txt', bytes(0x41, 0x00, 0x42), 'file-content-mismatch'],
    ['.png', text('x'), 'file-type-not-allowed'],
  ])('refuses %s', (name, head, refusal) => {
    expect(checkAttachment(name, 100, head)).toEqual({ ok: false, refusal });
  });

  it('refuses an empty file and one past 10 MB, and takes exactly 10 MB', () => {
    expect(checkAttachmentName('a.pdf', 0)).toEqual({ ok: false, refusal: 'file-empty' });
    expect(checkAttachmentName('a.pdf', MAX_ATTACHMENT_BYTES + 1)).toEqual({
      ok: false,
      refusal: 'file-too-large',
    });
    expect(checkAttachmentName('a.pdf', MAX_ATTACHMENT_BYTES).ok).toBe(true);
    expect(MAX_ATTACHMENT_BYTES).toBe(10 * 1024 * 1024);
  });
});

describe('uniqueAttachmentName', () => {
  it('keeps the stem and extension, adds the PC tag and sequence', () => {
    expect(uniqueAttachmentName('ใบส่งของ.JPG', 'k3f9q2', 7)).toBe('ใบส่งของ-k3f9q2-7.jpg');
    expect(uniqueAttachmentName('a.b.pdf', 'k3f9q2', 1)).toBe('a.b-k3f9q2-1.pdf');
  });

  it('replaces what no file system or header takes, and never leaves the stem empty', () => {
    expect(uniqueAttachmentName('..\\x/y:"z".png', 'tag', 2)).toBe('_x_y__z_-tag-2.png');
    expect(uniqueAttachmentName('\u0000.png', 'tag', 3)).toBe('file-tag-3.png');
    expect(uniqueAttachmentName('x'.repeat(300) + '.pdf', 'tag', 4)).toHaveLength(80 + '-tag-4.pdf'.length);
  });
});
