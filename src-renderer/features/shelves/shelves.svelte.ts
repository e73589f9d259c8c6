// The shelves page's state (issue 24, decision 0021): the warehouses, the chosen one's shelves, a shelf
// typed and saved, and CSV files exported and imported. A refusal names the field, or the file's row and
// field, in the page's language (shelfRefusal).
import type { CallValue, IpcError, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';
import { refusalSaid, type Said } from '../../lib/refusal-words.js';
import { sht, type ShelfStringKey } from './shelves-strings.js';

type Shelf = CallValue<'shelves.list'>[number];
type Warehouse = CallValue<'catalogue.warehouses'>[number];

const PROBLEM_OF: Partial<Record<string, ShelfStringKey>> = {
  'shelf-code-shape': 'problemShape',
  'shelf-name': 'problemName',
  'unknown-warehouse': 'problemWarehouse',
  'shelf-repeated': 'problemRepeated',
  'shelf-file': 'problemFile',
};
const FIELDS: readonly string[] = ['warehouse', 'code', 'name'];

/** A refused shelf or shelves file in the page's words: the row (of a file) and the field, then why. */
export function shelfRefusal(error: IpcError): Said {
  const problem = error.reason === undefined ? undefined : PROBLEM_OF[error.reason];
  if (problem === undefined) return refusalSaid(error);
  const path = error.issues?.[0]?.path ?? '';
  const row = /^rows\.(\d+)/.exec(path)?.[1];
  const field = path.split('.').find((part) => FIELDS.includes(part));
  const why = sht(problem);
  const fieldName = field === undefined ? '' : sht(`field${field}` as ShelfStringKey);
  const sentence =
    row !== undefined
      ? sht('rowField', { row, field: fieldName, problem: why })
      : fieldName === ''
        ? why
        : `${fieldName}: ${why}`;
  return { sentence, details: error.message };
}

export class ShelvesState {
  readonly #api: StockroomBridge;
  #warehouses = $state.raw<Warehouse[]>([]);
  #warehouseCode = $state<string | null>(null);
  #shelves = $state.raw<Shelf[]>([]);
  /** Kept as main gave it: the words follow the page's language when it is switched. */
  #problem = $state.raw<IpcError | null>(null);
  #notice = $state.raw<{ key: ShelfStringKey; values: Record<string, string | number> } | null>(null);

  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get warehouses(): readonly Warehouse[] {
    return this.#warehouses;
  }
  get warehouseCode(): string | null {
    return this.#warehouseCode;
  }
  get shelves(): readonly Shelf[] {
    return this.#shelves;
  }
  get problem(): Said | null {
    return this.#problem === null ? null : shelfRefusal(this.#problem);
  }
  get notice(): string | null {
    return this.#notice === null ? null : sht(this.#notice.key, this.#notice.values);
  }

  async load(warehouseCode: string | null): Promise<void> {
    const warehouses = await this.#api.call('catalogue.warehouses', {});
    if (!warehouses.ok) {
      this.#problem = warehouses.error;
      return;
    }
    this.#warehouses = warehouses.value;
    await this.choose(warehouseCode ?? warehouses.value[0]?.code ?? null);
  }

  async choose(warehouseCode: string | null): Promise<void> {
    this.#warehouseCode = warehouseCode;
    await this.#reload();
  }

  /** Keeps the shelf; true when saved (else the refusal is shown). */
  async save(code: string, name: string): Promise<boolean> {
    const warehouseCode = this.#warehouseCode;
    if (warehouseCode === null) return false;
    const result = await this.#api.call('shelves.save', { warehouseCode, code, name });
    if (!result.ok) {
      this.#problem = result.error;
      this.#notice = null;
      return false;
    }
    this.#said('saved', { code: result.value.code });
    await this.#reload();
    return true;
  }

  async remove(code: string): Promise<void> {
    const warehouseCode = this.#warehouseCode;
    if (warehouseCode === null) return;
    const result = await this.#api.call('shelves.remove', { warehouseCode, code });
    if (!result.ok) this.#problem = result.error;
    else this.#said('removed', { code });
    await this.#reload();
  }

  async exportCsv(): Promise<{ fileName: string; text: string } | null> {
    const warehouseCode = this.#warehouseCode;
    if (warehouseCode === null) return null;
    const result = await this.#api.call('shelves.exportCsv', { warehouseCode });
    if (!result.ok) {
      this.#problem = result.error;
      return null;
    }
    this.#said('exported', { fileName: result.value.fileName });
    return result.value;
  }

  async importCsv(fileName: string, text: string): Promise<void> {
    const result = await this.#api.call('shelves.importCsv', { text });
    if (!result.ok) {
      this.#problem = result.error;
      this.#notice = null;
      return;
    }
    const { added, renamed, unchanged } = result.value;
    this.#said('imported', { fileName, added, renamed, unchanged });
    await this.#reload();
  }

  #said(key: ShelfStringKey, values: Record<string, string | number>): void {
    this.#notice = { key, values };
    this.#problem = null;
  }

  async #reload(): Promise<void> {
    const warehouseCode = this.#warehouseCode;
    if (warehouseCode === null) {
      this.#shelves = [];
      return;
    }
    const result = await this.#api.call('shelves.list', { warehouseCode });
    if (result.ok) this.#shelves = result.value;
    else this.#problem = result.error;
  }
}
