// A product's serial numbers as this PC added or removed them (v4 has no read of a product's serials):
// the list with each serial's result from the back office, adding in a chosen warehouse (a scan or a
// typed serial), removing one. Bad input is refused here, before anything is sent (nothing is queued):
// main's refusals are kept as problems the page words in its language.
import { MAX_SERIAL_LENGTH } from '../../../src-shared/domain/limits.js';
import type { SerialEntry } from '../../../src-shared/ipc/schemas/product-extras.js';
import type { StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type SerialProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'tooLong' }
  | { readonly kind: 'noWarehouse' }
  | { readonly kind: 'unknownWarehouse' }
  | { readonly kind: 'repeated'; readonly name: string }
  | { readonly kind: 'failed'; readonly message: string };

/** Entries that hold the serial on the product as far as this PC knows (added and not removed since). */
function holdsSerial(entry: SerialEntry): boolean {
  return entry.action === 'add' && entry.result !== 'refused' && entry.result !== 'discarded';
}

export class SerialsState {
  readonly productId: number;
  readonly #api: StockroomBridge;
  #entries = $state<SerialEntry[]>([]);
  #problem = $state<SerialProblem | null>(null);
  #busy = $state(false);
  #selected = $state(-1);

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(productId: number, bridge: StockroomBridge = api) {
    this.productId = productId;
    this.#api = bridge;
  }

  /** The latest action per serial, newest first. */
  get entries(): readonly SerialEntry[] {
    return this.#entries;
  }

  get problem(): SerialProblem | null {
    return this.#problem;
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** The row chosen with Up/Down (-1: none). */
  get selected(): number {
    return this.#selected;
  }

  get selectedEntry(): SerialEntry | undefined {
    return this.#entries[this.#selected];
  }

  /** Whether `entry` can still be removed (it is on the product as far as this PC knows). */
  removable(entry: SerialEntry): boolean {
    return holdsSerial(entry);
  }

  async load(): Promise<void> {
    const result = await this.#api.call('serials.list', { productId: this.productId });
    if (result.ok) this.#show(result.value);
    else this.#problem = { kind: 'failed', message: result.error.message };
  }

  move(step: number): void {
    if (this.#entries.length === 0) return;
    const next = this.#selected < 0 ? 0 : this.#selected + step;
    this.#selected = Math.max(0, Math.min(this.#entries.length - 1, next));
  }

  select(index: number): void {
    this.#selected = index;
  }

  /** Clears the shown problem (the person changed the field). */
  edited(): void {
    this.#problem = null;
  }

  /** Adds one serial in `warehouseCode`; false (and a problem) when refused. */
  async add(typed: string, warehouseCode: string): Promise<boolean> {
    const name = typed.trim();
    const problem =
      warehouseCode === ''
        ? ({ kind: 'noWarehouse' } as const)
        : name === ''
          ? ({ kind: 'empty' } as const)
          : name.length > MAX_SERIAL_LENGTH
            ? ({ kind: 'tooLong' } as const)
            : this.#entries.some((entry) => entry.name === name && holdsSerial(entry))
              ? ({ kind: 'repeated', name } as const)
              : null;
    this.#problem = problem;
    if (problem !== null || this.#busy) return false;
    return this.#run(async () => {
      const result = await this.#api.call('serials.add', {
        productId: this.productId,
        warehouseCode,
        names: [name],
      });
      if (result.ok) return this.#show(result.value);
      const path = result.error.issues?.[0]?.path ?? '';
      if (path === 'warehouseCode') return { kind: 'unknownWarehouse' };
      if (path.startsWith('names.')) return { kind: 'repeated', name };
      return { kind: 'failed', message: result.error.message };
    });
  }

  /** Removes one serial from the product (queued); false when refused. */
  remove(name: string): Promise<boolean> {
    return this.#run(async () => {
      const result = await this.#api.call('serials.remove', { productId: this.productId, name });
      if (result.ok) return this.#show(result.value);
      return { kind: 'failed', message: result.error.message };
    });
  }

  #show(entries: SerialEntry[]): null {
    const chosen = this.selectedEntry?.name;
    this.#entries = entries;
    const index = chosen === undefined ? -1 : entries.findIndex((entry) => entry.name === chosen);
    this.#selected = index >= 0 ? index : Math.min(this.#selected, entries.length - 1);
    return null;
  }

  async #run(work: () => Promise<SerialProblem | null>): Promise<boolean> {
    if (this.#busy) return false;
    this.#busy = true;
    try {
      this.#problem = await work();
      return this.#problem === null;
    } finally {
      this.#busy = false;
    }
  }
}
