// The product lines of a document being made or edited (a quotation, a return purchase order): a product
// picker (a scan adds a line or +1 to the product's line; typing searches the catalogue, Up/Down and
// Enter pick), lines with quantity, unit price and per-unit discount, and the document's discount, VAT
// type and shipping. The figures shown are main's (documents.previewLines, computed with src-shared/money,
// the arithmetic the back office applies), refreshed as the person types. The owner's form spreads
// `draft()` into its own arguments, so refusals of its save name the same paths the editor shows.
import type {
  CallArgs,
  DocumentLineDraft,
  DocumentLinesPreview,
  IpcIssue,
  MoneyVatChoice,
  ProductSummary,
  StockroomBridge,
} from '../../src-shared/ipc/index.js';
import { api } from '../lib/api.js';
import { coalesced } from '../lib/coalesced.js';
import { typedArg, type TypedField } from '../lib/form-input.js';
import { MONEY_RULE, QUANTITY_RULE, readTypedNumber } from '../../src-shared/domain/typed-number.js';
import { ProductSearch, type PickProblem } from '../lib/product-search.svelte.js';

/** Which catalogue price a picked product's line starts with. */
export type PriceField = 'sellprice' | 'purchaseprice';

/** A line as typed: figures stay text until main reads them, so nothing typed is lost. */
export interface EditorLine {
  readonly productId: number | null;
  readonly sku: string;
  readonly name: string;
  readonly unitText: string;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly discount: string;
}

export type EditorLineField = 'quantity' | 'unitPrice' | 'discount';

export interface EditorSettings {
  readonly vatType: MoneyVatChoice;
  readonly discount: string;
  readonly shippingAmount: string;
  readonly shippingVat: boolean;
}

/** The editor's part of a document's arguments. */
export type LinesArgs = CallArgs<'documents.previewLines'>;

export interface DocumentLinesOptions {
  readonly priceField: PriceField;
  /** The lines and settings to start from (editing a document); none for a new one. */
  readonly initial?: {
    readonly lines: readonly DocumentLineDraft[];
    readonly vatType: MoneyVatChoice;
    readonly discount: string;
    readonly shippingAmount: number;
    readonly shippingVat: boolean;
  };
  /** A line or setting changed: the owner's last save refusals no longer describe it. */
  readonly onChanged?: () => void;
  /** main's preview answered: its refusals (undefined when it accepted the draft). */
  readonly onPreviewed?: (issues: readonly IpcIssue[] | undefined) => void;
}

function figureText(value: number): string {
  // eslint-disable-next-line no-restricted-syntax -- a catalogue figure shown as text, not a typed one
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(2)));
}

export class DocumentLinesEditor {
  readonly #api: StockroomBridge;
  readonly #options: DocumentLinesOptions;
  #lines = $state<EditorLine[]>([]);
  #settings = $state<EditorSettings>({
    vatType: 'noVat',
    discount: '',
    shippingAmount: '',
    shippingVat: false,
  });
  #preview = $state<DocumentLinesPreview | null>(null);
  #previewing = $state(false);
  readonly #search: ProductSearch;
  /** The line the last pick or scan added to or created (the page marks it). */
  #lastTouched = $state(-1);

  constructor(options: DocumentLinesOptions, bridge: StockroomBridge = api) {
    this.#api = bridge;
    this.#options = options;
    this.#search = new ProductSearch({ wrap: true }, bridge);
    const initial = options.initial;
    if (initial !== undefined) {
      this.#lines = initial.lines.map((line) => ({
        productId: line.productId,
        sku: line.sku,
        name: line.name,
        unitText: line.unitText,
        quantity: figureText(line.quantity),
        unitPrice: figureText(line.unitPrice),
        discount: line.discount,
      }));
      this.#settings = {
        vatType: initial.vatType,
        discount: initial.discount,
        shippingAmount: initial.shippingAmount === 0 ? '' : figureText(initial.shippingAmount),
        shippingVat: initial.shippingVat,
      };
      void this.#refresh();
    }
  }

  get lines(): readonly EditorLine[] {
    return this.#lines;
  }

  get settings(): EditorSettings {
    return this.#settings;
  }

  /** main's figures for what is typed now; null while there are no lines or a figure is refused. */
  get preview(): DocumentLinesPreview | null {
    return this.#preview;
  }

  /** A preview of a newer change is on its way. */
  get previewing(): boolean {
    return this.#previewing;
  }

  get searchText(): string {
    return this.#search.text;
  }

  /** Catalogue products matching what is typed in the picker, best first. */
  get results(): readonly ProductSummary[] {
    return this.#search.results;
  }

  /** The result Enter picks; -1 for none. */
  get highlighted(): number {
    return this.#search.highlighted;
  }

  get problem(): PickProblem | null {
    return this.#search.problem;
  }

  get lastTouched(): number {
    return this.#lastTouched;
  }

  setSearch(text: string): void {
    void this.#search.type(text);
  }

  /** Up/Down in the picker: the next or previous result (wrapping). */
  moveHighlight(step: 1 | -1): void {
    this.#search.move(step);
  }

  /** Enter in the picker: adds the highlighted result (the first when none is); false with no result. */
  pickHighlighted(): boolean {
    const product = this.#search.chosen();
    if (product === undefined) return false;
    this.pick(product);
    return true;
  }

  /** Adds a line for the product, or 1 to its line; the picker is cleared for the next product. */
  pick(product: ProductSummary): void {
    this.#search.clear();
    this.addProduct(product);
  }

  /** A scanned code: the product's line gets 1 more (a new line at 1); an unknown code is said so. */
  async scan(code: string): Promise<boolean> {
    const product = await this.#search.lookup(code);
    if (product === null) return false;
    this.addProduct(product);
    return true;
  }

  addProduct(product: ProductSummary): void {
    const at = this.#lines.findIndex((line) => line.productId === product.id);
    if (at >= 0) {
      this.#lines = this.#lines.map((line, index) => {
        if (index !== at) return line;
        const quantity = readTypedNumber(line.quantity, QUANTITY_RULE);
        return { ...line, quantity: figureText(quantity.ok ? quantity.value + 1 : 1) };
      });
      this.#lastTouched = at;
    } else {
      this.#lines = [
        ...this.#lines,
        {
          productId: product.id,
          sku: product.sku,
          name: product.name,
          unitText: product.unittext,
          quantity: '1',
          unitPrice: figureText(product[this.#options.priceField]),
          discount: '',
        },
      ];
      this.#lastTouched = this.#lines.length - 1;
    }
    this.#changed();
  }

  setLine(index: number, field: EditorLineField, value: string): void {
    this.#lines = this.#lines.map((line, at) => (at === index ? { ...line, [field]: value } : line));
    this.#changed();
  }

  removeLine(index: number): void {
    this.#lines = this.#lines.filter((_, at) => at !== index);
    this.#lastTouched = -1;
    this.#changed();
  }

  setVatType(vatType: MoneyVatChoice): void {
    this.#settings = { ...this.#settings, vatType };
    this.#changed();
  }

  setSetting(field: 'discount' | 'shippingAmount', value: string): void {
    this.#settings = { ...this.#settings, [field]: value };
    this.#changed();
  }

  setShippingVat(shippingVat: boolean): void {
    this.#settings = { ...this.#settings, shippingVat };
    this.#changed();
  }

  /** The typed figures by path, for the owner's save to check by the one rule before main is asked. */
  figures(): TypedField[] {
    const shipping = this.#settings.shippingAmount.trim();
    return [
      ...this.#lines.flatMap((line, at) => [
        { path: `lines.${at}.quantity`, text: line.quantity, rule: QUANTITY_RULE },
        { path: `lines.${at}.unitPrice`, text: line.unitPrice, rule: MONEY_RULE },
      ]),
      ...(shipping === '' ? [] : [{ path: 'shippingAmount', text: shipping, rule: MONEY_RULE }]),
    ];
  }

  /** The editor's part of the document's arguments, figures as typed (main reads them by the one rule too). */
  draft(): LinesArgs {
    const settings = this.#settings;
    const shipping = settings.shippingAmount.trim();
    return {
      lines: this.#lines.map((line) => ({
        productId: line.productId,
        sku: line.sku,
        name: line.name,
        unitText: line.unitText,
        quantity: typedArg(line.quantity, QUANTITY_RULE),
        unitPrice: typedArg(line.unitPrice, MONEY_RULE),
        discount: line.discount.trim(),
      })),
      vatType: settings.vatType,
      discount: settings.discount.trim(),
      shippingAmount: shipping === '' ? 0 : typedArg(shipping, MONEY_RULE),
      shippingVat: settings.shippingVat,
    };
  }

  /** Waits for the preview of what is typed now. */
  settlePreview(): Promise<void> {
    return this.#previewReader.settled();
  }

  #changed(): void {
    this.#options.onChanged?.();
    void this.#refresh();
  }

  async #refresh(): Promise<void> {
    this.#previewing = true;
    await this.#previewReader.request();
    this.#previewing = false;
  }

  readonly #previewReader = coalesced(async () => {
    if (this.#lines.length === 0) {
      this.#preview = null;
      this.#options.onPreviewed?.([{ path: 'lines', message: 'needs at least one line' }]);
      return;
    }
    const result = await this.#api.call('documents.previewLines', this.draft());
    if (result.ok) {
      this.#preview = result.value;
      this.#options.onPreviewed?.(undefined);
    } else {
      this.#preview = null;
      this.#options.onPreviewed?.(result.error.issues);
    }
  });
}
