// One label dialog's job (issue 25): the items a page hands over (a product, a selection, a count's
// codes, a return's lines, shelves), the layout (this PC's last one, remembered when changed) and the
// copies: one figure for all ("copies of each") or one an item (a selection of products); main's label sheet for them, shown in the preview and handed to the print root;
// Print waits for the embedded font and prints (one PDF page a roll label, A4 for a sheet).
import type { CallReason, IpcError, StockroomBridge } from '../../../src-shared/ipc/index.js';
import {
  LABEL_LAYOUTS,
  labelsPerPage,
  MAX_LABEL_COPIES,
  MAX_LABELS_PER_PRINT,
  type LabelLayout,
} from '../../../src-shared/printing/label-layouts.js';
import type { LabelItem, LabelSheet } from '../../../src-shared/printing/labels.js';
import { readTypedNumber, type NumberRule } from '../../../src-shared/domain/typed-number.js';
import { api } from '../../lib/api.js';
import { settings } from '../../lib/settings.svelte.js';
import { lt, type LabelStringKey } from './label-strings.js';
import { browserPrintHost, printedNow, type PrintHost, type PrintModel } from './print-job.svelte.js';

/**
 * What a page asks labels for: the copies come from the dialog, which starts each item at its
 * `defaultCopies` when the page has one (a count's units counted), else 1; a default that is no
 * whole number in range is shown as it is and refused like a typed one, never rounded.
 */
export type LabelSource = Omit<LabelItem, 'copies'> & { readonly defaultCopies?: number };

/** An item's first copies text: its default as digits (never formatted with separators), else 1. */
function firstCopiesText(item: LabelSource): string {
  return item.defaultCopies === undefined ? '1' : String(item.defaultCopies);
}

/** Where the last layout is kept (the PC's settings; a test passes its own). */
export interface LayoutMemory {
  readonly layout: LabelLayout;
  remember(layout: LabelLayout): Promise<void>;
}

export const settingsLayoutMemory: LayoutMemory = {
  get layout() {
    return settings.value.labelLayout;
  },
  async remember(layout) {
    await settings.update({ labelLayout: layout });
  },
};

/** Copies of each label: a whole number from 1 (the one rule for typed numbers). */
const COPIES_RULE: NumberRule = {
  decimals: 0,
  zeroAllowed: false,
  negativeAllowed: false,
  max: MAX_LABEL_COPIES,
  currency: false,
};

export function layoutWords(layout: LabelLayout): string {
  return lt(`layout_${layout.replaceAll('-', '_')}` as LabelStringKey);
}

export class LabelJob {
  readonly layouts = LABEL_LAYOUTS;
  readonly #items: readonly LabelSource[];
  readonly #api: StockroomBridge;
  readonly #host: PrintHost;
  readonly #memory: LayoutMemory;
  #layout = $state<LabelLayout>('roll-50x25');
  #copiesText = $state('1');
  /** Copies of each item as typed, in the items' order. */
  #itemCopiesTexts = $state<string[]>([]);
  #model = $state.raw<(PrintModel & { kind: 'labels' }) | null>(null);
  #problem = $state.raw<{ key: LabelStringKey; values: Record<string, string | number> } | null>(null);
  #busy = $state(false);

  constructor(
    items: readonly LabelSource[],
    bridge: StockroomBridge = api,
    host: PrintHost = browserPrintHost,
    memory: LayoutMemory = settingsLayoutMemory,
  ) {
    this.#items = items.filter((item) => item.code.trim() !== '');
    this.#itemCopiesTexts = this.#items.map(firstCopiesText);
    // "Copies of each" shows the items' one default when they share it.
    const defaults = new Set(this.#itemCopiesTexts);
    this.#copiesText = defaults.size === 1 ? (this.#itemCopiesTexts[0] ?? '1') : '1';
    this.#api = bridge;
    this.#host = host;
    this.#memory = memory;
    this.#layout = memory.layout;
  }

  get layout(): LabelLayout {
    return this.#layout;
  }

  get copiesText(): string {
    return this.#copiesText;
  }

  /** The items that get labels (those with a code), in order. */
  get items(): readonly LabelSource[] {
    return this.#items;
  }

  itemCopiesText(index: number): string {
    return this.#itemCopiesTexts[index] ?? '';
  }

  /** One item's copies, or null when they are not a whole number in range. */
  itemCopies(index: number): number | null {
    const typed = readTypedNumber(this.itemCopiesText(index), COPIES_RULE);
    return typed.ok ? typed.value : null;
  }

  get sheet(): LabelSheet | null {
    return this.#model?.sheet ?? null;
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** What is wrong, in the page's language (read each time: the language may change). */
  get error(): string | null {
    return this.#problem === null ? null : lt(this.#problem.key, this.#problem.values);
  }

  /** Copies as typed, or null when it is not a whole number in range (refused, never clamped). */
  get copies(): number | null {
    const typed = readTypedNumber(this.#copiesText, COPIES_RULE);
    return typed.ok ? typed.value : null;
  }

  get labelCount(): number {
    return this.#items.reduce((sum, _, index) => sum + (this.itemCopies(index) ?? 0), 0);
  }

  get pageCount(): number {
    const sheet = this.sheet;
    return sheet === null ? 0 : Math.ceil(this.labelCount / labelsPerPage(sheet.layout));
  }

  get itemCount(): number {
    return this.#items.length;
  }

  async chooseLayout(layout: LabelLayout): Promise<void> {
    if (!LABEL_LAYOUTS.includes(layout) || layout === this.#layout) return;
    this.#layout = layout;
    await Promise.all([this.#memory.remember(layout), this.load()]);
  }

  /** The copies of each: every item's figure becomes this one. */
  async setCopies(text: string): Promise<void> {
    this.#copiesText = text;
    this.#itemCopiesTexts = this.#items.map(() => text);
    await this.load();
  }

  async setItemCopies(index: number, text: string): Promise<void> {
    if (index < 0 || index >= this.#items.length) return;
    this.#itemCopiesTexts[index] = text;
    await this.load();
  }

  async load(): Promise<void> {
    if (this.#items.length === 0) return this.#show(null, { key: 'noCodes', values: {} });
    const copies = this.#items.map((_, index) => this.itemCopies(index));
    const wrong = copies.findIndex((each) => each === null);
    if (wrong >= 0) {
      const code = this.#items[wrong]?.code ?? '';
      const values = { max: MAX_LABEL_COPIES, code };
      // The copies of each, typed wrong, are said as such; one item's own figure names its code.
      const ofEach = this.#items.length === 1 || this.itemCopiesText(wrong) === this.#copiesText;
      return this.#show(null, { key: ofEach ? 'copiesWrong' : 'itemCopiesWrong', values });
    }
    const items = this.#items.map(({ code, name, sku, price }, index) => ({
      code,
      name,
      sku,
      price,
      copies: copies[index] ?? 1,
    }));
    const layout = this.#layout;
    const typed = this.#itemCopiesTexts.join('\n');
    const result = await this.#api.call('labels.sheet', { layout, items });
    // A newer choice was made while this one was on its way: its answer wins.
    if (layout !== this.#layout || typed !== this.#itemCopiesTexts.join('\n')) return;
    if (result.ok) this.#show({ kind: 'labels', sheet: result.value }, null);
    else this.#show(null, this.#problemOf(result.error));
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

  close(): void {
    printedNow.clear(this.#model);
  }

  #show(
    model: (PrintModel & { kind: 'labels' }) | null,
    problem: { key: LabelStringKey; values: Record<string, string | number> } | null,
  ): void {
    const previous = this.#model;
    this.#model = model;
    this.#problem = problem;
    if (model !== null) printedNow.show(model);
    printedNow.clear(previous);
  }

  #problemOf(error: IpcError<CallReason<'labels.sheet'>>): {
    key: LabelStringKey;
    values: Record<string, string | number>;
  } {
    const path = error.issues?.[0]?.path ?? '';
    const code = this.#items.find((_, index) => path === `items.${index}.code`)?.code ?? '';
    switch (error.reason) {
      case 'label-code-too-wide':
        return { key: 'codeTooWide', values: { code } };
      case 'label-code-not-printable':
        return { key: 'codeNotPrintable', values: { code } };
      case 'labels-too-many':
        return { key: 'tooMany', values: { max: MAX_LABELS_PER_PRINT } };
      case undefined:
        // No reason of the call's (the link is down): main's own words.
        return { key: 'rawError', values: { message: error.message } };
      default: {
        // Every reason labels.sheet can give has its words above: a new one does not compile.
        const unhandled: never = error.reason;
        return unhandled;
      }
    }
  }
}
