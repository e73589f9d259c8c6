// The file attachments' state (features/files) against a fake bridge: the finder's reference, a file
// refused by name or size before any byte is sent, chunked staging then attach, and refusals from main
// in the page's language. Opening a file is in attachments-open-state.test.ts, the PDF viewer in
// pdf-viewer-state.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest';

// lib/i18n remembers the language in localStorage and on <html lang>: the little of both it touches.
vi.hoisted(() => {
  const stored = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    document: { documentElement: { lang: '' } },
  });
});
import { STAGE_CHUNK_BYTES } from '../../src-shared/files/attachment-rules.js';
import { Attachments, fromBase64, toBase64 } from '../../src-renderer/features/files/attachments.svelte.js';
import { FilesFinder } from '../../src-renderer/features/files/files-finder.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { listOf, onBackOffice, RECORD, waiting, type Listed } from './support/attached-files.js';
import { FakeBridge, held, ok, refused, settled } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge();
  locale.set('en');
});

describe('FilesFinder', () => {
  it('names the record by number, or by a whole-number id, and says what is wrong otherwise', () => {
    const finder = new FilesFinder();
    expect(finder.find()).toBeNull();
    expect(finder.problem).toBe('referenceRequired');
    finder.reference = ' PO-0001 ';
    expect(finder.find()).toEqual({ kind: 'purchaseOrder', number: 'PO-0001' });
    finder.by = 'id';
    finder.kind = 'order';
    expect(finder.find()).toBeNull();
    expect(finder.problem).toBe('idMustBeNumber');
    finder.reference = '12';
    expect(finder.find()).toEqual({ kind: 'order', id: 12 });
    expect(finder.problem).toBeNull();
  });
});

describe('Attachments', () => {
  it('refuses a program or a file past 10 MB before sending a byte, in the page’s language', async () => {
    const files = new Attachments(RECORD, bridge);
    expect(await files.attach(new File(['MZ'], 'setup.exe'))).toBe(false);
    expect(files.error?.sentence).toContain('setup.exe cannot be attached');
    const huge = { name: 'scan.pdf', size: 10 * 1024 * 1024 + 1, slice: () => new Blob() };
    expect(await files.attach(huge)).toBe(false);
    expect(files.error?.sentence).toBe(
      'scan.pdf is larger than 10 MB, the largest file the back office takes.',
    );
    locale.set('th');
    expect(files.error?.sentence).toContain('10 MB');
    expect(files.error?.sentence).toContain('ระบบหลังร้าน');
    expect(bridge.calls).toEqual([]);
  });

  it('sends the bytes in chunks, then attaches and shows the list with the new file on top', async () => {
    const bytes = new Uint8Array(STAGE_CHUNK_BYTES + 10).map((_, index) => index % 251);
    bridge
      .answer(
        'files.stage',
        ok({ uploadId: '0b7c7a4e-4d7e-4c41-9a53-0c4f1d6b7a10', receivedBytes: STAGE_CHUNK_BYTES }),
      )
      .answer('files.attach', ok(waiting))
      .answer('files.list', ok(listOf(waiting, onBackOffice)));
    const files = new Attachments(RECORD, bridge);
    expect(await files.attach(new File([bytes], 'photo.png'))).toBe(true);

    const staged = bridge.argsOf('files.stage');
    expect(staged.map((args) => [args.uploadId, args.offset])).toEqual([
      [null, 0],
      ['0b7c7a4e-4d7e-4c41-9a53-0c4f1d6b7a10', STAGE_CHUNK_BYTES],
    ]);
    const sent = new Uint8Array([
      ...fromBase64(staged[0]?.chunk ?? ''),
      ...fromBase64(staged[1]?.chunk ?? ''),
    ]);
    expect(sent).toEqual(bytes);
    expect(bridge.argsOf('files.attach')).toEqual([
      { record: RECORD, uploadId: '0b7c7a4e-4d7e-4c41-9a53-0c4f1d6b7a10', fileName: 'photo.png' },
    ]);
    expect(files.files.map((file) => file.fileName)).toEqual(['photo-abc234-3.png', 'terms.pdf']);
    expect(files.notice).toBe('photo-abc234-3.png is kept on this PC and waits to be sent.');
    expect(files.progress).toBeNull();
  });

  it('keeps the file just attached when an older read of the list answers after it', async () => {
    // The first read waits on an unreachable back office; the file is attached meanwhile.
    const slow = held<Awaited<ReturnType<FakeBridge['call']>>>();
    const nothingYet: Listed = { files: [], source: 'none', fetchedAt: null, problem: 'unreachable' };
    bridge
      .answer(
        'files.list',
        () => slow.promise as never,
        ok({ ...nothingYet, files: [waiting], problem: null }),
      )
      .answer('files.stage', ok({ uploadId: '0b7c7a4e-4d7e-4c41-9a53-0c4f1d6b7a10', receivedBytes: 8 }))
      .answer('files.attach', ok(waiting));
    const files = new Attachments(RECORD, bridge);
    const first = files.load();
    expect(await files.attach(new File(['12345678'], 'photo.png'))).toBe(true);
    expect(files.files.map((file) => file.fileName)).toEqual(['photo-abc234-3.png']);
    slow.release(ok(nothingYet));
    await first;
    await settled();
    expect(files.files.map((file) => file.fileName)).toEqual(['photo-abc234-3.png']);
    expect(files.loading).toBe(false);
  });

  it('shows the file just attached at once, while the list is read again behind it', async () => {
    // Offline, that read waits out its retries (up to about a second) before the saved list comes.
    const reread = held<Awaited<ReturnType<FakeBridge['call']>>>();
    bridge
      .answer('files.list', ok(listOf(onBackOffice)), () => reread.promise as never)
      .answer('files.stage', ok({ uploadId: '0b7c7a4e-4d7e-4c41-9a53-0c4f1d6b7a10', receivedBytes: 8 }))
      .answer('files.attach', ok(waiting));
    const files = new Attachments(RECORD, bridge);
    await files.load();
    let attachedDone = false;
    const attaching = files.attach(new File(['12345678'], 'photo.png')).then(() => (attachedDone = true));
    await settled();
    expect(attachedDone).toBe(false);
    expect(files.files.map((file) => file.fileName)).toEqual(['photo-abc234-3.png', 'terms.pdf']);
    expect(files.selected).toBe(0);
    // Main's list puts this PC's uploads on top of the saved copy (files.service).
    reread.release(ok({ ...listOf(waiting, onBackOffice), source: 'saved', problem: 'unreachable' }));
    await attaching;
    expect(files.files.map((file) => file.fileName)).toEqual(['photo-abc234-3.png', 'terms.pdf']);
    expect(files.selected).toBe(0);
  });

  it('a read superseded by a newer one resolves with the newer one’s list shown', async () => {
    const older = held<Awaited<ReturnType<FakeBridge['call']>>>();
    const newer = held<Awaited<ReturnType<FakeBridge['call']>>>();
    bridge.answer(
      'files.list',
      () => older.promise as never,
      () => newer.promise as never,
    );
    const files = new Attachments(RECORD, bridge);
    let firstDone = false;
    const first = files.load().then(() => (firstDone = true));
    const second = files.load();
    older.release(ok(listOf()));
    await settled();
    expect(firstDone).toBe(false);
    newer.release(ok(listOf(waiting)));
    await Promise.all([first, second]);
    expect(files.files.map((file) => file.fileName)).toEqual(['photo-abc234-3.png']);
  });

  it('words main’s refusal of the bytes (a PDF named as a picture) in the page’s language', async () => {
    bridge
      .answer('files.stage', ok({ uploadId: '0b7c7a4e-4d7e-4c41-9a53-0c4f1d6b7a10', receivedBytes: 8 }))
      .answer(
        'files.attach',
        refused('invalid-arguments', 'photo.png does not hold…', 'file-content-mismatch'),
      );
    const files = new Attachments(RECORD, bridge);
    expect(await files.attach(new File(['%PDF-1.4'], 'photo.png'))).toBe(false);
    expect(files.error?.sentence).toBe('photo.png does not hold what its name says; it was not attached.');
    expect(bridge.names()).not.toContain('files.list');
  });

  it('names the record the back office does not have; nothing queued; main’s text only in Details', async () => {
    bridge
      .answer('files.stage', ok({ uploadId: 'u-1', receivedBytes: 8 }))
      .answer(
        'files.attach',
        refused('not-found', 'The back office has no purchase order PO-0001', 'record-not-found'),
      );
    const files = new Attachments(RECORD, bridge);
    expect(await files.attach(new File(['%PDF-1.4'], 'terms.pdf'))).toBe(false);
    expect(files.error?.sentence).toBe(
      'The back office has no “Purchase order PO-0001”. Check the number or id; nothing was attached.',
    );
    expect(files.error?.details).toBe('The back office has no purchase order PO-0001');
    locale.set('th');
    expect(files.error?.sentence).toContain('ไม่พบ “ใบสั่งซื้อ PO-0001” ในระบบหลังร้าน');
    expect(files.error?.sentence).not.toContain('back office');
  });

  it('a refusal it has no words for: a sentence by its code, the raw text only behind Details', async () => {
    bridge.answer('files.stage', refused('internal', 'connect ECONNREFUSED 127.0.0.1:443'));
    const files = new Attachments(RECORD, bridge);
    expect(await files.attach(new File(['%PDF-1.4'], 'terms.pdf'))).toBe(false);
    locale.set('th');
    expect(files.error?.sentence).toBe('เกิดข้อผิดพลาดภายใน Stockroom ลองอีกครั้ง ถ้ายังเป็นอยู่ให้ส่งบันทึกให้ฝ่ายสนับสนุน');
    expect(files.error?.details).toBe('connect ECONNREFUSED 127.0.0.1:443');
  });

  it('words main’s refusals of the limits (staging full, a download too large) in both languages', async () => {
    bridge
      .answer(
        'files.stage',
        refused('conflict', 'Files being added on this PC already hold…', 'staging-full'),
      )
      .answer('files.list', ok(listOf(onBackOffice)))
      .answer('files.open', refused('conflict', 'The back office sent more…', 'download-too-large'));
    const files = new Attachments(RECORD, bridge);
    expect(await files.attach(new File(['%PDF-1.4'], 'terms.pdf'))).toBe(false);
    expect(files.error?.sentence).toContain(
      'terms.pdf was not added: files being added on this PC already fill',
    );
    locale.set('th');
    expect(files.error?.sentence).toContain('ไม่ได้เพิ่ม terms.pdf');
    locale.set('en');
    await files.load();
    await files.open(() => undefined);
    expect(files.error?.sentence).toBe(
      'The back office sent more than 10 MB for this file, more than a file may be, so Stockroom stopped reading it.',
    );
    locale.set('th');
    expect(files.error?.sentence).toContain('เกิน 10 MB');
  });

  it('words a chunk refused for its offset (every reason of its calls has words: REASON_KEYS)', async () => {
    bridge.answer('files.stage', refused('conflict', 'Upload u-1 has 0 bytes, not 262144', 'offset'));
    const files = new Attachments(RECORD, bridge);
    expect(await files.attach(new File(['%PDF-1.4'], 'terms.pdf'))).toBe(false);
    expect(files.error).toEqual({
      sentence: 'terms.pdf was not added: its parts reached this PC out of order. Attach it again.',
      details: 'Upload u-1 has 0 bytes, not 262144',
    });
    locale.set('th');
    expect(files.error?.sentence).toBe('ไม่ได้เพิ่ม terms.pdf เพราะส่วนของไฟล์มาถึงเครื่องนี้ไม่ตรงลำดับ แนบไฟล์อีกครั้ง');
  });

  it('round-trips bytes through Base64', () => {
    const bytes = new Uint8Array(70_000).map((_, index) => (index * 7) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });
});
