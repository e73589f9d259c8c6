// The product form (new, new from an unknown scanned code, edit): the typed text, the cached
// categories, and the save. The form's own check (src-shared/products) runs first, so nothing is sent
// from a bad form and every problem shows next to its field in the page's language; what only main
// knows (a sku or barcode another product has) comes back as the refusal's issues, by the same names.
import type { IpcIssue, IpcResult, StockroomBridge } from '../../../src-shared/ipc/index.js';
import {
  PRODUCT_FIELD_PROBLEMS,
  barcodeIsGtinChecked,
  readProductForm,
  type ProductFieldIssue,
  type ProductFormText,
  type ProductProperty,
} from '../../../src-shared/products/index.js';
import { isOneOf } from '../../../src-shared/domain/vocabulary.js';
import { api } from '../../lib/api.js';
import { problemText } from './product-edit-strings.js';

export type ProductFormMode =
  | { readonly kind: 'new'; readonly code: string | null }
  | { readonly kind: 'edit'; readonly productId: number; readonly name: string; readonly barcode: string };

type TextField = Exclude<
  keyof ProductFormText,
  'properties' | 'categoryId' | 'sellVatStatus' | 'purchaseVatStatus'
>;

const figureText = (value: number | null) => (value === null ? '' : String(value));

function emptyForm(): ProductFormText {
  return {
    name: '',
    sku: '',
    barcode: '',
    sellprice: '',
    purchaseprice: '',
    unittext: '',
    categoryId: null,
    sellVatStatus: null,
    purchaseVatStatus: null,
    weight: '',
    width: '',
    length: '',
    height: '',
    properties: [],
    tags: '',
  };
}

export class ProductFormState {
  readonly #api: StockroomBridge;
  #open = $state(false);
  #mode = $state<ProductFormMode>({ kind: 'new', code: null });
  #form = $state<ProductFormText>(emptyForm());
  #categories = $state<ReadonlyArray<{ id: number; name: string }>>([]);
  #issues = $state<ReadonlyMap<string, string>>(new Map());
  #saving = $state(false);
  #error = $state<string | null>(null);

  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get open(): boolean {
    return this.#open;
  }
  get mode(): ProductFormMode {
    return this.#mode;
  }
  get form(): ProductFormText {
    return this.#form;
  }
  get categories(): ReadonlyArray<{ id: number; name: string }> {
    return this.#categories;
  }
  get saving(): boolean {
    return this.#saving;
  }
  /** Why the form could not open or save when no field is to blame (main's words). */
  get error(): string | null {
    return this.#error;
  }
  /** Whether the last save was stopped by fields (the form says so above them). */
  get hasIssues(): boolean {
    return this.#issues.size > 0;
  }
  get gtinChecked(): boolean {
    return barcodeIsGtinChecked(this.#form.barcode);
  }

  /** The problem of a field ("name", "properties.0.name") in the page's words; null when fine. */
  issue(field: string): string | null {
    return this.#issues.get(field) ?? null;
  }

  /** A new product; from an unknown scanned code, the code is its barcode. */
  async openNew(code: string | null = null): Promise<void> {
    this.#reset({ kind: 'new', code });
    const [sku] = await Promise.all([this.#api.call('catalogue.proposeSku', {}), this.#loadCategories()]);
    if (!sku.ok) this.#error = sku.error.message;
    this.#form = { ...emptyForm(), sku: sku.ok ? sku.value.sku : '', barcode: code ?? '' };
    this.#open = true;
  }

  async openEdit(productId: number): Promise<void> {
    const [found] = await Promise.all([
      this.#api.call('catalogue.productFields', { productId }),
      this.#loadCategories(),
    ]);
    if (!found.ok) {
      this.#error = found.error.message;
      return;
    }
    const fields = found.value;
    this.#reset({ kind: 'edit', productId, name: fields.name, barcode: fields.barcode });
    this.#form = {
      name: fields.name,
      sku: fields.sku,
      barcode: fields.barcode,
      sellprice: figureText(fields.sellprice),
      purchaseprice: figureText(fields.purchaseprice),
      unittext: fields.unittext,
      categoryId: fields.categoryId,
      sellVatStatus: fields.sellVatStatus,
      purchaseVatStatus: fields.purchaseVatStatus,
      weight: figureText(fields.weight),
      width: figureText(fields.width),
      length: figureText(fields.length),
      height: figureText(fields.height),
      properties: fields.properties,
      tags: fields.tags.join(', '),
    };
    this.#open = true;
  }

  close(): void {
    this.#open = false;
  }

  set(field: TextField, value: string): void {
    this.#form = { ...this.#form, [field]: value };
    this.#forget(field);
  }

  choose(
    field: 'categoryId' | 'sellVatStatus' | 'purchaseVatStatus',
    value: ProductFormText[typeof field],
  ): void {
    this.#form = { ...this.#form, [field]: value };
  }

  setProperty(index: number, part: keyof ProductProperty, value: string): void {
    const properties = this.#form.properties.map((property, at) =>
      at === index ? { ...property, [part]: value } : property,
    );
    this.#form = { ...this.#form, properties };
    this.#forget(`properties.${index}.${part}`);
  }

  addProperty(): void {
    this.#form = { ...this.#form, properties: [...this.#form.properties, { name: '', value: '' }] };
  }

  removeProperty(index: number): void {
    this.#form = { ...this.#form, properties: this.#form.properties.filter((_, at) => at !== index) };
    this.#issues = new Map();
  }

  /**
   * Checks the form, then saves it: the product's id (a new one made here is ≤ −1), or null when a
   * field or main refused (the fields and `error` say why). Nothing is sent from a form that fails its check.
   */
  async save(): Promise<number | null> {
    if (this.#saving) return null;
    const mode = this.#mode;
    const read = readProductForm(
      this.#form,
      mode.kind === 'new' ? { checkSku: true } : { checkSku: false, currentBarcode: mode.barcode },
    );
    if (!read.ok) {
      this.#issues = wordsOf(read.issues);
      return null;
    }
    this.#saving = true;
    this.#error = null;
    try {
      const { sku: _sku, properties, tags, ...editable } = read.fields;
      if (mode.kind === 'edit') {
        const result = await this.#api.call('catalogue.updateProduct', {
          productId: mode.productId,
          fields: { ...editable, tags: [...tags] },
        });
        return this.#settled(result) === null ? null : mode.productId;
      }
      const result = await this.#api.call('catalogue.createProduct', {
        fields: { ...read.fields, properties: [...properties], tags: [...tags] },
      });
      return this.#settled(result)?.productId ?? null;
    } finally {
      this.#saving = false;
    }
  }

  /** The saved value (the form closes), or null with the refusal's words by field or as `error`. */
  #settled<T>(result: IpcResult<T>): T | null {
    if (result.ok) {
      this.#open = false;
      return result.value;
    }
    this.#issues = refusedWords(result.error.issues);
    if (this.#issues.size === 0) this.#error = result.error.message;
    return null;
  }

  #reset(mode: ProductFormMode): void {
    this.#mode = mode;
    this.#issues = new Map();
    this.#error = null;
  }

  #forget(field: string): void {
    if (!this.#issues.has(field)) return;
    const rest = new Map(this.#issues);
    rest.delete(field);
    this.#issues = rest;
  }

  async #loadCategories(): Promise<void> {
    const categories = await this.#api.call('catalogue.categories', {});
    if (categories.ok) this.#categories = categories.value;
  }
}

function wordsOf(issues: readonly ProductFieldIssue[]): Map<string, string> {
  const words = new Map<string, string>();
  for (const issue of issues) if (!words.has(issue.field)) words.set(issue.field, problemText(issue.problem));
  return words;
}

/** Main's refusal by field ("fields.sku" → "sku"): its problem code in the page's words, or its own text. */
function refusedWords(issues: readonly IpcIssue[] | undefined): Map<string, string> {
  const words = new Map<string, string>();
  for (const issue of issues ?? []) {
    const field = issue.path.replace(/^fields\./, '');
    if (words.has(field)) continue;
    words.set(
      field,
      isOneOf(PRODUCT_FIELD_PROBLEMS, issue.message) || issue.message === 'unknown'
        ? problemText(issue.message)
        : issue.message,
    );
  }
  return words;
}
