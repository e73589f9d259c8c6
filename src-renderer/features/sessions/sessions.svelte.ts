// The count sessions of the open store (newest first), and what a new one can count: the warehouses,
// the categories, and products named by code (barcode, alias or SKU, one per line).
import type { SessionViewValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export interface WarehouseOption {
  code: string;
  name: string;
}

/** Which sessions the list shows. */
export type SessionFilter = 'open' | 'committed' | 'all';

export type DriftChoice = 'keepDifference' | 'keepCounted' | 'ask';

export interface CategoryOption {
  id: number;
  name: string;
}

/** What the new session covers, as the form has it. */
export type ScopeChoice =
  | { kind: 'warehouse' }
  | { kind: 'categories'; categoryIds: readonly number[] }
  /** `codes`: what was typed, one code per line. */
  | { kind: 'products'; codes: string };

export interface NewSession {
  warehouseCode: string;
  name: string;
  /** Who starts it; blank for nobody named. */
  counter: string;
  blind: boolean;
  driftPolicy: DriftChoice;
  scope: ScopeChoice;
}

/** Why the form's scope cannot be used: nothing chosen, or codes no product has. */
export type ScopeProblem = { kind: 'noneChosen' } | { kind: 'unknownCodes'; codes: readonly string[] };

/** The typed codes, one per line (commas and blanks also separate), each once, in order. */
export function scopeCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((code) => code !== ''))];
}

export class SessionList {
  #sessions = $state<SessionViewValue[]>([]);
  #warehouses = $state<WarehouseOption[]>([]);
  #categories = $state<CategoryOption[]>([]);
  #scopeProblem = $state<ScopeProblem | null>(null);
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

  /** The catalogue's categories, by name. */
  get categories(): readonly CategoryOption[] {
    return this.#categories;
  }

  /** Why the last create did not go ahead because of its scope; null otherwise. */
  get scopeProblem(): ScopeProblem | null {
    return this.#scopeProblem;
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
    const [sessions, warehouses, categories] = await Promise.all([
      this.#api.call('counting.listSessions', {}),
      this.#api.call('catalogue.warehouses', {}),
      this.#api.call('catalogue.categories', {}),
    ]);
    if (categories.ok)
      this.#categories = categories.value
        .filter((category) => category.name !== '')
        .toSorted((a, b) => a.name.localeCompare(b.name, 'th'));
    else this.#error = categories.error.message;
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
    this.#scopeProblem = null;
    try {
      const scope = await this.#scopeArgs(input.scope);
      if (scope === null) return null;
      const name = input.name.trim();
      const counter = input.counter.trim();
      const result = await this.#api.call('counting.createSession', {
        warehouseCode: input.warehouseCode,
        blind: input.blind,
        driftPolicy: input.driftPolicy,
        scope,
        ...(name === '' ? {} : { name }),
        ...(counter === '' ? {} : { counter }),
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

  /** The call's scope; null when the choice cannot be used (the problem is kept) or a lookup failed. */
  async #scopeArgs(
    choice: ScopeChoice,
  ): Promise<
    | { kind: 'warehouse' }
    | { kind: 'categories'; categoryIds: number[] }
    | { kind: 'products'; productIds: number[] }
    | null
  > {
    if (choice.kind === 'warehouse') return { kind: 'warehouse' };
    if (choice.kind === 'categories') {
      if (choice.categoryIds.length > 0) return { kind: 'categories', categoryIds: [...choice.categoryIds] };
      this.#scopeProblem = { kind: 'noneChosen' };
      return null;
    }
    const codes = scopeCodes(choice.codes);
    if (codes.length === 0) {
      this.#scopeProblem = { kind: 'noneChosen' };
      return null;
    }
    const found = await Promise.all(codes.map((code) => this.#api.call('catalogue.lookup', { code })));
    const productIds = new Set<number>();
    const unknown: string[] = [];
    for (const [index, result] of found.entries()) {
      if (!result.ok) {
        this.#error = result.error.message;
        return null;
      }
      if (result.value === null) unknown.push(codes[index] ?? '');
      else productIds.add(result.value.id);
    }
    if (unknown.length > 0) {
      this.#scopeProblem = { kind: 'unknownCodes', codes: unknown };
      return null;
    }
    return { kind: 'products', productIds: [...productIds] };
  }
}
