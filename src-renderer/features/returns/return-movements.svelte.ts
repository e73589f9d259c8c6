// A return's stock movements read from the back office on request (returns.movements, Alt+M): what was
// read belongs to the return it was read for, so choosing another return shows nothing stale.
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import type { CallValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type ReturnMovements = CallValue<'returns.movements'>;

export class ReturnMovementsState {
  readonly #api: StockroomBridge;
  #read = $state<{ readonly id: number; readonly value: ReturnMovements } | null>(null);
  #reading = $state<number | null>(null);
  #error = $state<{ readonly id: number; readonly refusal: MainRefusal } | null>(null);

  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  /** What was last read for this return; null before a read (or after one for another return). */
  shown(id: number): ReturnMovements | null {
    return this.#read?.id === id ? this.#read.value : null;
  }

  reading(id: number): boolean {
    return this.#reading === id;
  }

  error(id: number): Said | null {
    return this.#error?.id === id ? refusalSaid(this.#error.refusal) : null;
  }

  async read(id: number): Promise<void> {
    this.#reading = id;
    try {
      const result = await this.#api.call('returns.movements', { id });
      if (result.ok) {
        this.#read = { id, value: result.value };
        this.#error = null;
      } else {
        this.#error = { id, refusal: result.error };
      }
    } finally {
      if (this.#reading === id) this.#reading = null;
    }
  }
}
