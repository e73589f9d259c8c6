// One money transfer opened from the list: read from the back office now (money.transferDetail), with
// where sending stands and, when it could not be read, the PC's copy and how old it is.
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import type { CallValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type TransferDetail = CallValue<'money.transferDetail'>;

export class TransferDetailView {
  readonly id: number;
  readonly #api: StockroomBridge;
  #detail = $state<TransferDetail | null>(null);
  #error = $state<MainRefusal | null>(null);

  /** `id`: the transfer's local id. */
  constructor(id: number, bridge: StockroomBridge = api) {
    this.id = id;
    this.#api = bridge;
  }

  get detail(): TransferDetail | null {
    return this.#detail;
  }

  get error(): Said | null {
    return this.#error === null ? null : refusalSaid(this.#error);
  }

  async load(): Promise<void> {
    const result = await this.#api.call('money.transferDetail', { id: this.id });
    if (result.ok) {
      this.#detail = result.value;
      this.#error = null;
    } else {
      this.#error = result.error;
    }
  }
}
