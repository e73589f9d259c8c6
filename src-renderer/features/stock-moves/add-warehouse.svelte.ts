// The add-warehouse dialog's state: a code proposed by main (the store's pattern, not yet used), the
// name and address, checked here in the page's language before the call; main refuses a code another
// warehouse has ('code-taken'), shown next to the code.
import type { CallValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import type { StockMovesKey } from './stock-moves-strings.js';
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';

export type WarehouseField = 'code' | 'name';
const CODE_MIN = 3;

export class AddWarehouseForm {
  readonly #api: Pick<StockroomBridge, 'call'>;
  #errors = $state.raw<ReadonlyMap<WarehouseField, StockMovesKey>>(new Map());
  #failure = $state<MainRefusal | null>(null);
  #saving = $state(false);
  code = $state('');
  name = $state('');
  address = $state('');

  constructor(api: Pick<StockroomBridge, 'call'>) {
    this.#api = api;
  }

  get errors(): ReadonlyMap<WarehouseField, StockMovesKey> {
    return this.#errors;
  }
  get failure(): Said | null {
    return this.#failure === null ? null : refusalSaid(this.#failure);
  }
  get saving(): boolean {
    return this.#saving;
  }

  /** A fresh form with main's proposed code. */
  async start(): Promise<void> {
    this.name = '';
    this.address = '';
    this.#errors = new Map();
    this.#failure = null;
    const proposed = await this.#api.call('catalogue.proposeWarehouseCode', {});
    this.code = proposed.ok ? proposed.value.code : '';
  }

  async save(): Promise<CallValue<'catalogue.addWarehouse'> | null> {
    if (this.#saving) return null;
    const errors = new Map<WarehouseField, StockMovesKey>();
    if (this.code.trim().length < CODE_MIN) errors.set('code', 'errorCode');
    if (this.name.trim() === '') errors.set('name', 'errorName');
    this.#errors = errors;
    this.#failure = null;
    if (errors.size > 0) return null;
    this.#saving = true;
    try {
      const result = await this.#api.call('catalogue.addWarehouse', {
        code: this.code.trim(),
        name: this.name.trim(),
        address: this.address.trim(),
      });
      if (result.ok) return result.value;
      if (result.error.reason === 'code-taken') this.#errors = new Map([['code', 'errorCodeTaken']]);
      else this.#failure = result.error;
      return null;
    } finally {
      this.#saving = false;
    }
  }
}
