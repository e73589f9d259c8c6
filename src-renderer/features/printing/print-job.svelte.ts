// One print dialog's job: the printable model main builds for a source (an income or expense under the
// title the person picks, a quotation, a return purchase order, a count sheet, a variance report), handed to the print root that the page's
// print CSS prints alone; Print waits for the embedded font and prints the page (the OS dialog, which
// also saves as PDF); Save as PDF asks the shell for the PDF, and prints where the shell cannot.
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import type { MoneyDocumentKind } from '../../../src-shared/domain/vocabulary.js';
import type { StockroomBridge } from '../../../src-shared/ipc/index.js';
import type { LabelSheet } from '../../../src-shared/printing/labels.js';
import type {
  CountSheet,
  PrintableDocument,
  VarianceReport,
} from '../../../src-shared/printing/printable.js';
import { TITLES_OF_KIND, type MoneyPrintTitle } from '../../../src-shared/printing/titles.js';
import { api } from '../../lib/api.js';
import { pt } from './printing-strings.js';
import { titleWords } from './print-words.js';

/**
 * A document's status (the back office's word, any text) as the page printing it says it: the feature
 * that opens the dialog passes its own words, so the paper and the page agree and printing imports no
 * feature folder.
 */
export type StatusWords = (status: string) => string;

export type PrintSource =
  | {
      readonly kind: 'money';
      readonly id: number;
      readonly recordKind: MoneyDocumentKind;
      readonly statusWords: StatusWords;
    }
  | { readonly kind: 'quotation'; readonly id: number; readonly statusWords: StatusWords }
  | { readonly kind: 'returnPurchaseOrder'; readonly id: number; readonly statusWords: StatusWords }
  | { readonly kind: 'countSheet'; readonly sessionId: string }
  | { readonly kind: 'varianceReport'; readonly sessionId: string };

export type PrintModel =
  | {
      readonly kind: 'document';
      readonly document: PrintableDocument;
      readonly statusWords: StatusWords;
    }
  | { readonly kind: 'countSheet'; readonly sheet: CountSheet }
  | { readonly kind: 'varianceReport'; readonly report: VarianceReport }
  | { readonly kind: 'labels'; readonly sheet: LabelSheet };

/** What printing needs from the browser (a test passes its own). */
export interface PrintHost {
  /** Resolves once the print font is loaded: a page printed before would fall back to another font. */
  fontsReady(): Promise<void>;
  print(): void;
}

/** The print font's family (styles/print.css) and a Thai sample, so its Thai face is the one loaded. */
const PRINT_FONT = "16px 'Sarabun'";
const THAI_SAMPLE = 'กขคงจ่้๊๋';

export const browserPrintHost: PrintHost = {
  async fontsReady() {
    await Promise.all([
      document.fonts.load(PRINT_FONT, THAI_SAMPLE),
      document.fonts.load(`bold ${PRINT_FONT}`),
    ]);
    await document.fonts.ready;
  },
  print: () => window.print(),
};

/** The model the print root renders: the open print dialog's, one at a time. */
class PrintedNow {
  #model = $state.raw<PrintModel | null>(null);

  get model(): PrintModel | null {
    return this.#model;
  }

  show(model: PrintModel): void {
    this.#model = model;
  }

  /** Clears the root if it still shows `model` (a newer dialog's model stays). */
  clear(model: PrintModel | null): void {
    if (this.#model === model) this.#model = null;
  }
}

export const printedNow = new PrintedNow();

export class PrintJob {
  readonly source: PrintSource;
  readonly #api: StockroomBridge;
  readonly #host: PrintHost;
  #model = $state.raw<PrintModel | null>(null);
  #title = $state<MoneyPrintTitle | null>(null);
  #error = $state<MainRefusal | null>(null);
  #message = $state<string | null>(null);
  #busy = $state(false);

  constructor(source: PrintSource, bridge: StockroomBridge = api, host: PrintHost = browserPrintHost) {
    this.source = source;
    this.#api = bridge;
    this.#host = host;
    if (source.kind === 'money') this.#title = TITLES_OF_KIND[source.recordKind][0];
  }

  get model(): PrintModel | null {
    return this.#model;
  }

  /** Why the model could not be made or the PDF saved (main's words). */
  /** Why the paper could not be made or printed, in the page's words (main's behind Details). */
  get error(): Said | null {
    return this.#error === null ? null : refusalSaid(this.#error);
  }

  /** Where the PDF went, or that it was not saved. */
  get message(): string | null {
    return this.#message;
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** The title chosen for an income or expense; null for other sources. */
  get title(): MoneyPrintTitle | null {
    return this.#title;
  }

  /** The titles the person may pick from (none for count papers). */
  get titles(): readonly MoneyPrintTitle[] {
    return this.source.kind === 'money' ? TITLES_OF_KIND[this.source.recordKind] : [];
  }

  async load(): Promise<void> {
    const result = await this.#fetch();
    if (result.ok) {
      const previous = this.#model;
      this.#model = result.value;
      this.#error = null;
      printedNow.show(result.value);
      printedNow.clear(previous);
    } else {
      this.#error = result.error;
    }
  }

  async chooseTitle(title: MoneyPrintTitle): Promise<void> {
    if (!this.titles.includes(title)) return;
    this.#title = title;
    await this.load();
  }

  async print(): Promise<void> {
    if (this.#model === null || this.#busy) return;
    this.#busy = true;
    try {
      await this.#host.fontsReady();
      this.#host.print();
    } finally {
      this.#busy = false;
    }
  }

  async savePdf(): Promise<void> {
    if (this.#model === null || this.#busy) return;
    this.#busy = true;
    try {
      await this.#host.fontsReady();
      const result = await this.#api.call('print.savePdf', { fileName: this.fileName() });
      if (!result.ok) {
        this.#error = result.error;
      } else if (!result.value.available) {
        // No shell to make the file (the web host): the browser's print dialog saves as PDF.
        this.#host.print();
      } else {
        this.#message =
          result.value.path === null ? pt('pdfNotSaved') : pt('pdfSaved', { path: result.value.path });
      }
    } finally {
      this.#busy = false;
    }
  }

  /** The PDF's suggested name: what it is and its number or session. */
  fileName(): string {
    const model = this.#model;
    if (model === null) return 'stockroom.pdf';
    if (model.kind === 'document') {
      const { document } = model;
      return `${titleWords(document.title)} ${document.number === '' ? document.date : document.number}.pdf`;
    }
    if (model.kind === 'labels') return `labels ${model.sheet.layout}.pdf`;
    const head = model.kind === 'countSheet' ? model.sheet : model.report;
    const what = pt(model.kind === 'countSheet' ? 'countSheetTitle' : 'varianceTitle');
    return `${what} ${head.sessionName}.pdf`;
  }

  /** The dialog closes: the print root shows nothing of it any more. */
  close(): void {
    printedNow.clear(this.#model);
  }

  async #fetch(): Promise<{ ok: true; value: PrintModel } | { ok: false; error: MainRefusal }> {
    const { source } = this;
    if (source.kind === 'money') {
      const result = await this.#api.call('print.moneyRecord', {
        id: source.id,
        ...(this.#title === null ? {} : { title: this.#title }),
      });
      return result.ok
        ? { ok: true, value: { kind: 'document', document: result.value, statusWords: source.statusWords } }
        : { ok: false, error: result.error };
    }
    if (source.kind === 'quotation' || source.kind === 'returnPurchaseOrder') {
      const call = source.kind === 'quotation' ? 'print.quotation' : 'print.returnPurchaseOrder';
      const result = await this.#api.call(call, { id: source.id });
      return result.ok
        ? { ok: true, value: { kind: 'document', document: result.value, statusWords: source.statusWords } }
        : { ok: false, error: result.error };
    }
    if (source.kind === 'countSheet') {
      const result = await this.#api.call('print.countSheet', { sessionId: source.sessionId });
      return result.ok
        ? { ok: true, value: { kind: 'countSheet', sheet: result.value } }
        : { ok: false, error: result.error };
    }
    const result = await this.#api.call('print.varianceReport', { sessionId: source.sessionId });
    return result.ok
      ? { ok: true, value: { kind: 'varianceReport', report: result.value } }
      : { ok: false, error: result.error };
  }
}
