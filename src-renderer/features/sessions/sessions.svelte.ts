// The count sessions of the open store (newest first) and the warehouses a new one can count.
import type { SessionViewValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export interface WarehouseOption {
  code: string;
  name: string;
}

/** Which sessions the list shows. */
export type SessionFilter = 'open' | 'committed' | 'all';

export type DriftChoice = 'keepDifference' | 'keepCounted' | 'ask';

export interface NewSession {
  warehouseCode: string;
  name: string;
  blind: boolean;
  driftPolicy: DriftChoice;
}

export class SessionList {
  #sessions = $state<SessionViewValue[]>([]);
  #warehouses = $state<WarehouseOption[]>([]);
  #loaded = $state(false);
  #creating = $state(false);
  #error = $state<string | null>(null);
  readonly #api: StockroomBridge;

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  /** Newest first. */
  get sessions(): readonly SessionViewValue[] {
    return this.#sessions;
  }

  get warehouses(): readonly WarehouseOption[] {
    return this.#warehouses;
  }

  /** The first read has answered. */
  get loaded(): boolean {
    return this.#loaded;
  }

  get creating(): boolean {
    return this.#creating;
  }

  get error(): string | null {
    return this.#error;
  }

  /** The sessions a filter shows, newest first; 'all' includes discarded ones. */
  matching(filter: SessionFilter): readonly SessionViewValue[] {
    return filter === 'all' ? this.#sessions : this.#sessions.filter((session) => session.state === filter);
  }

  async load(): Promise<void> {
    const [sessions, warehouses] = await Promise.all([
      this.#api.call('counting.listSessions', {}),
      this.#api.call('catalogue.warehouses', {}),
    ]);
    if (sessions.ok) this.#sessions = sessions.value;
    else this.#error = sessions.error.message;
    if (warehouses.ok) this.#warehouses = warehouses.value.map(({ code, name }) => ({ code, name }));
    else this.#error = warehouses.error.message;
    this.#loaded = true;
  }

  /** Creates the session; its id, or null (the error is shown). */
  async create(input: NewSession): Promise<string | null> {
    if (this.#creating) return null;
    this.#creating = true;
    this.#error = null;
    try {
      const name = input.name.trim();
      const result = await this.#api.call('counting.createSession', {
        warehouseCode: input.warehouseCode,
        blind: input.blind,
        driftPolicy: input.driftPolicy,
        ...(name === '' ? {} : { name }),
      });
      if (!result.ok) {
        this.#error = result.error.message;
        return null;
      }
      this.#sessions = [result.value, ...this.#sessions];
      return result.value.id;
    } finally {
      this.#creating = false;
    }
  }
}
