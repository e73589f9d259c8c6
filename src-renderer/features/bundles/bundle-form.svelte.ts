// The bundle form: a new bundle (SKU, name, sell price, VAT, products with quantities) or an existing
// one's name, price and VAT (v4's UpdateBundle changes only those). Everything is checked here first,
// so a bad form sends nothing (nothing is queued); main's own refusals (a SKU already used) are kept by
// field path too. Problems are kinds, not words: the page words them in its language.
import { BUNDLE_VAT_STATUSES, type BundleVatStatus } from '../../../src-shared/domain/vocabulary.js';
import { MAX_BUNDLE_ITEMS, MIN_BUNDLE_SKU_LENGTH } from '../../../src-shared/domain/limits.js';
import type { BundleDetail } from '../../../src-shared/ipc/schemas/bundles.js';
import type { IpcIssue, IpcResult, ProductSummary, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import {
  MONEY_RULE,
  QUANTITY_RULE,
  readTypedNumber,
  type NumberRefusal,
  type NumberRule,
} from '../../../src-shared/domain/typed-number.js';

export interface FormItem {
  readonly productId: number;
  readonly sku: string;
  readonly name: string;
  readonly quantity: string;
}

export type FormProblem =
  | { readonly kind: 'skuEmpty' | 'skuShort' | 'skuLong' | 'nameEmpty' | 'nameLong' | 'priceEmpty' }
  | { readonly kind: 'skuTaken'; readonly sku: string }
  | { readonly kind: 'price' | 'quantity'; readonly text: string; readonly refusal: NumberRefusal }
  | { readonly kind: 'noItems' | 'tooManyItems' | 'item' | 'nothingChanged' | 'field' }
  | { readonly kind: 'failed'; readonly message: string };

/** Where the form-wide problems are kept (no field to name). */
export const FORM_PATH = 'form';

const MAX_SKU = 64;
const MAX_NAME = 200;

/** The figure by the one rule of typed numbers (typed-number.ts), or null when refused. */
function figureOf(text: string, rule: NumberRule): number | null {
  const read = readTypedNumber(text, rule);
  return read.ok ? read.value : null;
}

const priceOf = (text: string) => figureOf(text, MONEY_RULE);
const quantityOf = (text: string) => figureOf(text, QUANTITY_RULE);

/** The problem of a refused figure, with the rule's reason for the page to word. */
function figureProblem(kind: 'price' | 'quantity', text: string, rule: NumberRule): FormProblem | null {
  const read = readTypedNumber(text, rule);
  return read.ok ? null : { kind, text, refusal: read.refusal };
}

function priceText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export class BundleForm {
  readonly #api: StockroomBridge;
  /** The bundle edited; null for a new one. */
  readonly editing: BundleDetail | null;
  sku = $state('');
  name = $state('');
  price = $state('');
  vat = $state<BundleVatStatus>(0);
  #items = $state<FormItem[]>([]);
  #problems = $state<ReadonlyMap<string, FormProblem>>(new Map());
  #saving = $state(false);

  constructor(editing: BundleDetail | null = null, bridge: StockroomBridge = api) {
    this.#api = bridge;
    this.editing = editing;
    if (editing !== null) {
      this.sku = editing.sku;
      this.name = editing.name;
      this.price = priceText(editing.sellprice);
      this.vat = editing.sellVatStatus;
    }
  }

  get items(): readonly FormItem[] {
    return this.#items;
  }
  /** Problems by field path: sku, name, sellprice, items, items.N.quantity, items.N.productId, form. */
  get problems(): ReadonlyMap<string, FormProblem> {
    return this.#problems;
  }
  get saving(): boolean {
    return this.#saving;
  }

  /** A picked product: a new line of 1, or 1 more on its line. Answers its quantity now. */
  addProduct(product: ProductSummary): string {
    const index = this.#items.findIndex((item) => item.productId === product.id);
    this.edited(index >= 0 ? `items.${index}.quantity` : 'items');
    if (index < 0) {
      this.#items = [
        ...this.#items,
        { productId: product.id, sku: product.sku, name: product.name, quantity: '1' },
      ];
      return '1';
    }
    const item = this.#items[index] as FormItem;
    const quantity = String((quantityOf(item.quantity) ?? 0) + 1);
    this.setQuantity(index, quantity);
    return quantity;
  }

  setQuantity(index: number, quantity: string): void {
    this.#items = this.#items.map((item, at) => (at === index ? { ...item, quantity } : item));
    this.edited(`items.${index}.quantity`);
  }

  removeItem(index: number): void {
    this.#items = this.#items.filter((_, at) => at !== index);
    // Paths of the lines after it moved: their problems no longer match.
    this.#problems = new Map([...this.#problems].filter(([path]) => !path.startsWith('items.')));
  }

  /** A field changed: its problem (and the form's) no longer describes it. */
  edited(path: string): void {
    if (!this.#problems.has(path) && !this.#problems.has(FORM_PATH)) return;
    const next = new Map(this.#problems);
    next.delete(path);
    next.delete(FORM_PATH);
    this.#problems = next;
  }

  /** Checks every field; the problems found (also kept for the page). */
  check(): ReadonlyMap<string, FormProblem> {
    const problems = new Map<string, FormProblem>();
    const name = this.name.trim();
    if (name === '') problems.set('name', { kind: 'nameEmpty' });
    else if (name.length > MAX_NAME) problems.set('name', { kind: 'nameLong' });
    if (this.price.trim() === '') problems.set('sellprice', { kind: 'priceEmpty' });
    else {
      const refused = figureProblem('price', this.price, MONEY_RULE);
      if (refused !== null) problems.set('sellprice', refused);
    }
    if (this.editing === null) {
      const sku = this.sku.trim();
      if (sku === '') problems.set('sku', { kind: 'skuEmpty' });
      else if (sku.length < MIN_BUNDLE_SKU_LENGTH) problems.set('sku', { kind: 'skuShort' });
      else if (sku.length > MAX_SKU) problems.set('sku', { kind: 'skuLong' });
      if (this.#items.length === 0) problems.set('items', { kind: 'noItems' });
      else if (this.#items.length > MAX_BUNDLE_ITEMS) problems.set('items', { kind: 'tooManyItems' });
      this.#items.forEach((item, index) => {
        const refused = figureProblem('quantity', item.quantity, QUANTITY_RULE);
        if (refused !== null) problems.set(`items.${index}.quantity`, refused);
      });
    }
    this.#problems = problems;
    return problems;
  }

  /** Saves (queued in the outbox by main): the bundle as main answers it, or null when refused. */
  async save(): Promise<BundleDetail | null> {
    if (this.#saving || this.check().size > 0) return null;
    const name = this.name.trim();
    const sellprice = priceOf(this.price) ?? 0;
    let call: () => Promise<IpcResult<BundleDetail>>;
    if (this.editing === null) {
      const args = {
        sku: this.sku.trim(),
        name,
        sellprice,
        sellVatStatus: this.vat === 0 ? null : this.vat,
        items: this.#items.map((item) => ({
          productId: item.productId,
          quantity: quantityOf(item.quantity) ?? 0,
        })),
      };
      call = () => this.#api.call('bundles.create', args);
    } else {
      const before = this.editing;
      const args = {
        bundleId: before.id,
        ...(name === before.name ? {} : { name }),
        ...(sellprice === before.sellprice ? {} : { sellprice }),
        ...(this.vat === before.sellVatStatus ? {} : { sellVatStatus: this.vat }),
      };
      if (Object.keys(args).length === 1) {
        this.#problems = new Map([[FORM_PATH, { kind: 'nothingChanged' }]]);
        return null;
      }
      call = () => this.#api.call('bundles.update', args);
    }
    this.#saving = true;
    try {
      const result = await call();
      if (result.ok) return result.value;
      this.#problems = this.#refusals(result.error.message, result.error.issues ?? []);
      return null;
    } finally {
      this.#saving = false;
    }
  }

  #refusals(message: string, issues: readonly IpcIssue[]): ReadonlyMap<string, FormProblem> {
    const problems = new Map<string, FormProblem>();
    for (const issue of issues) {
      if (problems.has(issue.path)) continue;
      if (issue.path === 'sku') problems.set('sku', { kind: 'skuTaken', sku: this.sku.trim() });
      else if (/^items\.\d+\.productId$/.test(issue.path)) problems.set(issue.path, { kind: 'item' });
      else if (
        ['name', 'sellprice', 'sellVatStatus', 'items'].includes(issue.path) ||
        /^items\.\d+\.quantity$/.test(issue.path)
      )
        problems.set(issue.path, { kind: 'field' });
    }
    if (problems.size === 0) problems.set(FORM_PATH, { kind: 'failed', message });
    return problems;
  }
}

export const VAT_CHOICES: readonly BundleVatStatus[] = BUNDLE_VAT_STATUSES;
