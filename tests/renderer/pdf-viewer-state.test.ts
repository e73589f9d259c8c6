// The PDF viewer's state (features/files/pdf-viewer.svelte.ts) with a reader standing in for pdf.js:
// the decoded bytes read, page 1 of N and moving within the pages in the page's language, and a PDF it
// cannot read or draw marked broken with words saying what to do.
import './support/page-globals.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenedFile } from '../../src-renderer/features/files/attachments.svelte.js';
import { PdfViewer, type PdfDocument } from '../../src-renderer/features/files/pdf-viewer.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

beforeEach(() => {
  locale.set('en');
});

/** A PDF reader standing in for pdf.js (which needs a real canvas): records what it was asked to draw. */
function fakeReader(pageCount: number, drawn: number[]): PdfDocument & { closed: boolean } {
  return {
    pageCount,
    closed: false,
    draw(pageNumber) {
      drawn.push(pageNumber);
      return Promise.resolve();
    },
    close() {
      this.closed = true;
      return Promise.resolve();
    },
  };
}

describe('PdfViewer', () => {
  const file: OpenedFile = {
    fileName: 'terms.pdf',
    type: 'application/pdf',
    view: 'pdf',
    warning: null,
    size: 3,
    content: 'AAEC',
  };
  const canvas = {} as HTMLCanvasElement;

  it('reads the decoded bytes, starts on page 1 of 3 and moves within the pages', async () => {
    const drawn: number[] = [];
    const reader = fakeReader(3, drawn);
    const given: Uint8Array[] = [];
    const viewer = new PdfViewer(file, (bytes) => {
      given.push(bytes);
      return Promise.resolve(reader);
    });
    expect(viewer.state).toBe('reading');
    await viewer.read();
    expect(given).toEqual([new Uint8Array([0, 1, 2])]);
    expect(viewer.position).toBe('Page 1 of 3');
    expect(viewer.canGoBack).toBe(false);
    await viewer.draw(canvas, 600);
    viewer.previous();
    expect(viewer.page).toBe(1);
    viewer.next();
    viewer.next();
    viewer.next();
    expect(viewer.page).toBe(3);
    expect(viewer.canGoOn).toBe(false);
    await viewer.draw(canvas, 600);
    viewer.previous();
    locale.set('th');
    expect(viewer.position).toBe('หน้า 2 จาก 3');
    expect(drawn).toEqual([1, 3]);
    await viewer.close();
    expect(reader.closed).toBe(true);
  });

  it('says in the page’s language when the bytes are not a PDF it can read', async () => {
    const viewer = new PdfViewer(file, () => Promise.reject(new Error('Invalid PDF structure.')));
    await viewer.read();
    expect(viewer.state).toBe('broken');
    expect(viewer.error).toBe(
      'terms.pdf cannot be shown: it is not a PDF this page can read. Save it to open it elsewhere.',
    );
    locale.set('th');
    expect(viewer.error).toContain('บันทึกไฟล์');
    expect(viewer.canGoOn).toBe(false);
  });

  it('marks the PDF broken when a page cannot be drawn', async () => {
    const reader = fakeReader(2, []);
    reader.draw = () => Promise.reject(new Error('bad page'));
    const viewer = new PdfViewer(file, () => Promise.resolve(reader));
    await viewer.read();
    await viewer.draw(canvas, 600);
    expect(viewer.state).toBe('broken');
  });
});
