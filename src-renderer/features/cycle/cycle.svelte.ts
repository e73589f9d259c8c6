// Cycle counting's page state: the warehouses, the Count next list of one, a day's share opened as a
// count session, the accuracy report and the store's rules. Every call is local to main.
import type { CallArgs, CallValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type CountNextList = CallValue<'cycle.countNext'>;
export type AccuracyReport = CallValue<'cycle.accuracy'>;
export type CycleSettings = CallValue<'cycle.settings'>;
export type SettingsChange = CallArgs<'cycle.setSettings'>;
export type AccuracyPeriod = AccuracyReport['period'];

export interface WarehouseOption {
  code: string;
  name: string;
}

/** Rows the Count next page shows at once. */
export const COUNT_NEXT_ROWS = 100;

export class CycleCounting {
  #warehouses = $state<WarehouseOption[]>([]);
  #list = $state.raw<CountNextList | null>(null);
  #report = $state.raw<AccuracyReport | null>(null);
  #settings = $state.raw<CycleSettings | null>(null);
  #error = $state<string | null>(null);
  #busy = $state(false);
  readonly #api: StockroomBridge;

  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get warehouses(): readonly WarehouseOption[] {
    return this.#warehouses;
  }
  get list(): CountNextList | null {
    return this.#list;
  }
  get report(): AccuracyReport | null {
    return this.#report;
  }
  get settings(): CycleSettings | null {
    return this.#settings;
  }
  get error(): string | null {
    return this.#error;
  }
  get busy(): boolean {
    return this.#busy;
  }

  async loadWarehouses(): Promise<void> {
    const [warehouses, settings] = await Promise.all([
      this.#api.call('catalogue.warehouses', {}),
      this.#api.call('cycle.settings', {}),
    ]);
    if (warehouses.ok) this.#warehouses = warehouses.value.map(({ code, name }) => ({ code, name }));
    else this.#error = warehouses.error.message;
    if (settings.ok) this.#settings = settings.value;
    else this.#error = settings.error.message;
  }

  async loadList(warehouseCode: string): Promise<void> {
    const result = await this.#api.call('cycle.countNext', { warehouseCode, limit: COUNT_NEXT_ROWS });
    if (result.ok) {
      this.#list = result.value;
      this.#error = null;
    } else this.#error = result.error.message;
  }

  /** Opens the day's share as a count session; its id, or null (the error is shown). */
  async startShare(warehouseCode: string, name: string, counter: string): Promise<string | null> {
    if (this.#busy) return null;
    this.#busy = true;
    try {
      const trimmed = counter.trim();
      const result = await this.#api.call('cycle.startDailyCount', {
        warehouseCode,
        name,
        ...(trimmed === '' ? {} : { counter: trimmed }),
      });
      if (result.ok) return result.value.session.id;
      this.#error = result.error.message;
      return null;
    } finally {
      this.#busy = false;
    }
  }

  async loadReport(warehouseCode: string, period: AccuracyPeriod): Promise<void> {
    const result = await this.#api.call('cycle.accuracy', { warehouseCode, period, periods: 12 });
    if (result.ok) {
      this.#report = result.value;
      this.#error = null;
    } else this.#error = result.error.message;
  }

  async reportCsv(
    warehouseCode: string,
    period: AccuracyPeriod,
  ): Promise<{ fileName: string; text: string } | null> {
    const result = await this.#api.call('cycle.accuracyCsv', { warehouseCode, period, periods: 12 });
    if (result.ok) return result.value;
    this.#error = result.error.message;
    return null;
  }

  /** Saves the rules; true when main took them (the error is shown otherwise). */
  async saveSettings(change: SettingsChange): Promise<boolean> {
    const result = await this.#api.call('cycle.setSettings', change);
    if (result.ok) {
      this.#settings = result.value;
      this.#error = null;
      return true;
    }
    this.#error = result.error.message;
    return false;
  }
}
