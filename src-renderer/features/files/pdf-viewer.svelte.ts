// A PDF shown in the page: its pages drawn one at a time on a canvas by pdf.js (the page's CSP allows no
// frame or plugin to show it otherwise). The first page is drawn on opening; Previous/Next move between
// pages; bytes pdf.js cannot read leave a clear problem (in the page's language) and Save still works.
import type { OpenedFile } from './attachments.svelte.js';
import { fromBase64 } from './attachments.svelte.js';
import { ft } from './files-strings.js';

/** What the viewer needs of a read PDF (pdf-document.ts gives it with pdf.js). */
export interface PdfDocument {
  readonly pageCount: number;
  /** Draws one page (from 1) on the canvas, `width` CSS pixels wide. */
  draw(pageNumber: number, canvas: HTMLCanvasElement, width: number): Promise<void>;
  close(): Promise<void>;
}

export type PdfOpener = (bytes: Uint8Array) => Promise<PdfDocument>;

/** pdf.js is loaded on the first PDF opened, not with the page. */
const openWithPdfJs: PdfOpener = async (bytes) => (await import('./pdf-document.js')).openPdf(bytes);

export type PdfViewState = 'reading' | 'ready' | 'broken';

export class PdfViewer {
  readonly file: OpenedFile;
  readonly #open: PdfOpener;
  #document: PdfDocument | null = null;
  #state = $state<PdfViewState>('reading');
  #page = $state(1);
  #pageCount = $state(0);
  /** Draws run one after another: pdf.js refuses two at once on one canvas. */
  #drawing: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(file: OpenedFile, open: PdfOpener = openWithPdfJs) {
    this.file = file;
    this.#open = open;
  }

  get state(): PdfViewState {
    return this.#state;
  }
  get page(): number {
    return this.#page;
  }
  get pageCount(): number {
    return this.#pageCount;
  }
  /** "Page 2 of 5", in the page's language now. */
  get position(): string {
    return ft('pdfPage', { page: this.#page, pages: this.#pageCount });
  }
  get error(): string | null {
    return this.#state === 'broken' ? ft('pdfBroken', { name: this.file.fileName }) : null;
  }
  get canGoBack(): boolean {
    return this.#state === 'ready' && this.#page > 1;
  }
  get canGoOn(): boolean {
    return this.#state === 'ready' && this.#page < this.#pageCount;
  }

  /** Reads the bytes; the page count is known once this resolves (or the file is marked broken). */
  async read(): Promise<void> {
    try {
      const document = await this.#open(fromBase64(this.file.content));
      if (this.#closed) return void (await document.close());
      this.#document = document;
      this.#pageCount = document.pageCount;
      this.#page = 1;
      this.#state = document.pageCount > 0 ? 'ready' : 'broken';
    } catch {
      this.#state = 'broken';
    }
  }

  /** Draws the current page (after any draw still running). */
  draw(canvas: HTMLCanvasElement, width: number): Promise<void> {
    const document = this.#document;
    const page = this.#page;
    if (document === null) return this.#drawing;
    this.#drawing = this.#drawing
      .then(() => document.draw(page, canvas, width))
      .catch(() => {
        if (!this.#closed) this.#state = 'broken';
      });
    return this.#drawing;
  }

  previous(): void {
    if (this.canGoBack) this.#page -= 1;
  }

  next(): void {
    if (this.canGoOn) this.#page += 1;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const document = this.#document;
    this.#document = null;
    await this.#drawing;
    await document?.close();
  }
}
