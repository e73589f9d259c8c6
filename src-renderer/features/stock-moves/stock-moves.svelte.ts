// The stock-moves page's state: the form (product by scan or search, warehouse(s), the kind of move,
// quantity, reason and note), checked field by field here in the page's language before anything is
// sent (main checks again), the question before a decrease past the expected stock, and the list of
// this PC's moves with the send state of each half. Takes the bridge, so tests pass a fake one.
import type {
  CallValue,
  IpcResult,
  ProductSummary,
  StockMoveReason,
  StockMoveView,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
// Values from the zod-free modules only: the contract's schemas stay out of the page.
import { BELOW_EXPECTED_STOCK } from '../../../src-shared/domain/vocabulary.js';
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import {
  COUNT_RULE,
  QUANTITY_RULE,
  readTypedNumber,
  type NumberRefusal,
  type NumberRule,
} from '../../../src-shared/domain/typed-number.js';
import { typedArg } from '../../lib/form-input.js';
import type { StockMovesKey } from './stock-moves-strings.js';

export type MoveMode = 'increase' | 'decrease' | 'transfer' | 'setAvailable';
export type Warehouse = CallValue<'catalogue.warehouses'>[number];
export type MoveField = 'product' | 'warehouse' | 'to' | 'quantity' | 'note';

const LIST_LIMIT = 100;

/** The quantity's rule: whole units above 0 to move; 0 or more to set what is available. */
function quantityRule(mode: MoveMode): NumberRule {
  return mode === 'setAvailable' ? COUNT_RULE : QUANTITY_RULE;
}

export class StockMovesState {
  readonly #api: Pick<StockroomBridge, 'call'>;
  #warehouses = $state.raw<readonly Warehouse[]>([]);
  #moves = $state.raw<readonly StockMoveView[]>([]);
  #total = $state(0);
  #product = $state.raw<ProductSummary | null>(null);
  #results = $state.raw<readonly ProductSummary[]>([]);
  #selected = $state(0);
  #errors = $state.raw<ReadonlyMap<MoveField, StockMovesKey>>(new Map());
  #quantityRefusal = $state.raw<NumberRefusal | null>(null);
  #failure = $state<MainRefusal | null>(null);
  #notice = $state<StockMovesKey | null>(null);
  #saving = $state(false);
  #askBelow = $state(false);

  mode = $state<MoveMode>('decrease');
  warehouseCode = $state('');
  toWarehouseCode = $state('');
  quantity = $state('');
  reason = $state<StockMoveReason>('damaged');
  note = $state('');
  madeBy = $state('');
  productText = $state('');

  constructor(api: Pick<StockroomBridge, 'call'>) {
    this.#api = api;
  }

  get warehouses(): readonly Warehouse[] {
    return this.#warehouses;
  }
  get moves(): readonly StockMoveView[] {
    return this.#moves;
  }
  get total(): number {
    return this.#total;
  }
  get product(): ProductSummary | null {
    return this.#product;
  }
  get results(): readonly ProductSummary[] {
    return this.#results;
  }
  get selected(): number {
    return this.#selected;
  }
  get errors(): ReadonlyMap<MoveField, StockMovesKey> {
    return this.#errors;
  }
  /** Why the typed quantity was refused by the one rule (typed-number.ts), while its error stands. */
  get quantityRefusal(): NumberRefusal | null {
    return this.#errors.has('quantity') ? this.#quantityRefusal : null;
  }
  /** Why the last call failed when no field is to blame (main's words). */
  /** Why the last call failed, in the page's words (main's text behind Details). */
  get failure(): Said | null {
    return this.#failure === null ? null : refusalSaid(this.#failure);
  }
  get notice(): StockMovesKey | null {
    return this.#notice;
  }
  get saving(): boolean {
    return this.#saving;
  }
  /** A decrease past the expected stock waits for the person's answer. */
  get askingBelowStock(): boolean {
    return this.#askBelow;
  }

  async load(): Promise<void> {
    await Promise.all([this.loadWarehouses(), this.loadMoves()]);
  }

  async loadWarehouses(): Promise<void> {
    const result = await this.#api.call('catalogue.warehouses', {});
    if (!this.#took(result)) return;
    this.#warehouses = result.value;
    const first = result.value[0]?.code ?? '';
    if (!result.value.some((warehouse) => warehouse.code === this.warehouseCode)) this.warehouseCode = first;
    if (!result.value.some((warehouse) => warehouse.code === this.toWarehouseCode)) {
      this.toWarehouseCode =
        result.value.find((warehouse) => warehouse.code !== this.warehouseCode)?.code ?? '';
    }
  }

  async loadMoves(): Promise<void> {
    const result = await this.#api.call('stockMoves.list', { offset: 0, limit: LIST_LIMIT });
    if (!this.#took(result)) return;
    this.#moves = result.value.items;
    this.#total = result.value.total;
  }

  /** A scanned code picks its product (or says no product has it). */
  async scan(code: string): Promise<void> {
    const result = await this.#api.call('catalogue.lookup', { code });
    if (!this.#took(result)) return;
    if (result.value === null) {
      this.#failure = null;
      this.#notice = null;
      this.#setError('product', 'noProductFound');
      this.productText = code;
      return;
    }
    this.pick(result.value);
  }

  async search(): Promise<void> {
    const text = this.productText.trim();
    if (text === '') {
      this.#results = [];
      return;
    }
    const result = await this.#api.call('catalogue.search', { text, limit: 10 });
    if (!this.#took(result)) return;
    this.#results = result.value;
    this.#selected = 0;
  }

  move(step: number): void {
    if (this.#results.length === 0) return;
    this.#selected = (this.#selected + step + this.#results.length) % this.#results.length;
  }

  /** Enter in the product field: takes the selected result, or searches. */
  async takeSelected(): Promise<void> {
    const chosen = this.#results[this.#selected];
    if (chosen !== undefined) this.pick(chosen);
    else await this.search();
  }

  pick(product: ProductSummary): void {
    this.#product = product;
    this.productText = '';
    this.#results = [];
    this.#setError('product', null);
  }

  /** The form's own refusals, in the page's language; empty when it may be sent. */
  check(): ReadonlyMap<MoveField, StockMovesKey> {
    const errors = new Map<MoveField, StockMovesKey>();
    if (this.#product === null) errors.set('product', 'errorProduct');
    if (this.warehouseCode === '') errors.set('warehouse', 'errorWarehouse');
    if (
      this.mode === 'transfer' &&
      (this.toWarehouseCode === '' || this.toWarehouseCode === this.warehouseCode)
    ) {
      errors.set('to', 'errorTo');
    }
    const figure = readTypedNumber(this.quantity, quantityRule(this.mode));
    this.#quantityRefusal = figure.ok ? null : figure.refusal;
    if (!figure.ok) errors.set('quantity', this.mode === 'setAvailable' ? 'errorAvailable' : 'errorQuantity');
    if (this.#isAdjustment() && this.reason === 'other' && this.note.trim() === '')
      errors.set('note', 'errorNote');
    return errors;
  }

  /** Saves the move (nothing is sent from a bad form). `confirmBelowStock` answers the question. */
  async save(confirmBelowStock = false): Promise<StockMoveView[] | null> {
    if (this.#saving) return null;
    this.#errors = this.check();
    this.#notice = null;
    this.#failure = null;
    this.#askBelow = false;
    const product = this.#product;
    if (this.#errors.size > 0 || product === null) return null;
    this.#saving = true;
    try {
      const result = await this.#send(product.id, confirmBelowStock);
      if (!result.ok) {
        if (result.error.reason === BELOW_EXPECTED_STOCK) this.#askBelow = true;
        else this.#failure = result.error;
        return null;
      }
      this.quantity = '';
      this.note = '';
      this.#notice = 'saved';
      await this.loadMoves();
      return result.value;
    } finally {
      this.#saving = false;
    }
  }

  cancelBelowStock(): void {
    this.#askBelow = false;
  }

  async exportCsv(): Promise<CallValue<'stockMoves.exportCsv'> | null> {
    const result = await this.#api.call('stockMoves.exportCsv', {});
    return this.#took(result) ? result.value : null;
  }

  /** A field changed: its own refusal no longer describes it. */
  edited(field: MoveField): void {
    this.#setError(field, null);
  }

  #isAdjustment(): boolean {
    return this.mode === 'increase' || this.mode === 'decrease';
  }

  async #send(productId: number, confirmBelowStock: boolean): Promise<IpcResult<StockMoveView[]>> {
    // The exact figure (a refused one never gets here); main reads it by the same rule again.
    const figure = typedArg(this.quantity, quantityRule(this.mode));
    const common = { note: this.note, madeBy: this.madeBy };
    if (this.mode === 'transfer') {
      return this.#api.call('stockMoves.transfer', {
        ...common,
        fromWarehouseCode: this.warehouseCode,
        toWarehouseCode: this.toWarehouseCode,
        lines: [{ productId, quantity: figure }],
        confirmBelowStock,
      });
    }
    const one =
      this.mode === 'setAvailable'
        ? await this.#api.call('stockMoves.setAvailable', {
            ...common,
            productId,
            warehouseCode: this.warehouseCode,
            available: figure,
          })
        : await this.#api.call('stockMoves.adjust', {
            ...common,
            productId,
            warehouseCode: this.warehouseCode,
            direction: this.mode,
            quantity: figure,
            reason: this.reason,
            confirmBelowStock,
          });
    return one.ok ? { ok: true, value: [one.value] } : one;
  }

  #setError(field: MoveField, key: StockMovesKey | null): void {
    if (key === null && !this.#errors.has(field)) return;
    const next = new Map(this.#errors);
    if (key === null) next.delete(field);
    else next.set(field, key);
    this.#errors = next;
  }

  #took<T>(result: IpcResult<T>): result is { ok: true; value: T } {
    if (!result.ok) this.#failure = result.error;
    return result.ok;
  }
}
