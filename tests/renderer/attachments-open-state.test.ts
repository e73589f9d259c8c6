// Opening an attached file (features/files/attachments.svelte.ts) against a fake bridge: a picture or a
// PDF shown in the page, anything else saved, a file main warns about held with its whole name and the
// warning (saved only when asked, decision 0006), and a file that needs the back office named.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Attachments, type OpenedFile } from '../../src-renderer/features/files/attachments.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { listOf, onBackOffice, RECORD, waiting } from './support/attached-files.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

let bridge: FakeBridge;
beforeEach(() => {
  bridge = new FakeBridge();
  locale.set('en');
});

describe('Attachments: opening a file', () => {
  it('shows a picture, saves anything else, and says when a file needs the back office', async () => {
    const picture: OpenedFile = {
      fileName: 'photo.png',
      type: 'image/png',
      view: 'image',
      warning: null,
      size: 3,
      content: 'AAEC',
    };
    const pdf: OpenedFile = {
      fileName: 'terms.pdf',
      type: 'application/pdf',
      view: 'save',
      warning: null,
      size: 3,
      content: 'AAEC',
    };
    bridge
      .answer('files.list', ok(listOf(waiting, onBackOffice)))
      .answer('files.open', ok(picture), ok(pdf), refused('conflict', 'offline', 'not-on-this-pc'));
    const files = new Attachments(RECORD, bridge);
    await files.load();
    const saved: OpenedFile[] = [];
    await files.open((file) => saved.push(file));
    expect(files.shown).toEqual(picture);
    expect(bridge.argsOf('files.open')[0]).toEqual({ record: RECORD, localId: 3 });
    files.closeShown();

    files.move(1);
    await files.open((file) => saved.push(file));
    expect(bridge.argsOf('files.open')[1]).toEqual({ record: RECORD, fileId: 41 });
    expect(saved).toEqual([pdf]);
    expect(files.shown).toBeNull();
    expect(files.notice).toBe('terms.pdf was saved to your downloads.');

    await files.open(() => undefined);
    expect(files.error?.sentence).toContain('never opened on this PC');
  });

  it('never opens a file main warns about: its whole name and the warning, saved only when asked', async () => {
    const program: OpenedFile = {
      fileName: 'invoice.pdf.exe',
      type: 'application/octet-stream',
      view: 'save',
      warning: 'runnable',
      size: 3,
      content: 'AAEC',
    };
    bridge.answer('files.list', ok(listOf(onBackOffice))).answer('files.open', ok(program), ok(program));
    const files = new Attachments(RECORD, bridge);
    await files.load();
    const saved: OpenedFile[] = [];
    await files.open((file) => saved.push(file));
    expect(saved).toEqual([]);
    expect(files.shown).toBeNull();
    expect(files.held).toEqual(program);
    expect(files.heldWarning).toContain('“invoice.pdf.exe” could be a program');
    locale.set('th');
    expect(files.heldWarning).toContain('“invoice.pdf.exe” อาจเป็นโปรแกรม');
    locale.set('en');
    files.closeHeld();
    expect([files.held, saved]).toEqual([null, []]);

    await files.open((file) => saved.push(file));
    files.saveHeld((file) => saved.push(file));
    expect([files.held, saved]).toEqual([null, [program]]);
    expect(files.notice).toBe('invoice.pdf.exe was saved to your downloads.');
  });

  it('shows a PDF in the page, and saves it from there when asked', async () => {
    const pdf: OpenedFile = {
      fileName: 'terms.pdf',
      type: 'application/pdf',
      view: 'pdf',
      warning: null,
      size: 3,
      content: 'AAEC',
    };
    bridge.answer('files.list', ok(listOf(onBackOffice))).answer('files.open', ok(pdf));
    const files = new Attachments(RECORD, bridge);
    await files.load();
    const saved: OpenedFile[] = [];
    await files.open((file) => saved.push(file));
    expect(files.shown).toEqual(pdf);
    expect(saved).toEqual([]);
    files.saveFile(pdf, (file) => saved.push(file));
    expect(saved).toEqual([pdf]);
    expect(files.notice).toBe('terms.pdf was saved to your downloads.');
  });
});
