// The codes this PC knows for one product besides its barcode (catalogue aliases): another code (1 unit
// a scan) or a pack (N units a scan); added and removed here, never sent to the back office. The whole
// PC's list travels to the store's other PCs as a file (export, import).
import { QUANTITY_RULE, readTypedNumber, type NumberRule } from '../../../src-shared/domain/typed-number.js';
import type { CallValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type CodeAlias = CallValue<'catalogue.aliases'>[number];
/** A pack's units: whole, 1 to 100,000, by the one rule of typed numbers. */
const PACK_UNITS_RULE: NumberRule = { ...QUANTITY_RULE, max: 100_000 };

export type AliasImport = CallValue<'catalogue.importAliases'>;

/** What a person typed for the units: a whole number from 1, or why not. */
export function parseUnits(text: string): number | null {
  const read = readTypedNumber(text, PACK_UNITS_RULE);
  return read.ok ? read.value : null;
}

export class ProductCodes {
  readonly productId: number;
  readonly #api: StockroomBridge;
  #codes = $state<CodeAlias[]>([]);
  #error = $state<string | null>(null);
  #busy = $state(false);

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(productId: number, bridge: StockroomBridge = api) {
    this.productId = productId;
    this.#api = bridge;
  }

  get codes(): readonly CodeAlias[] {
    return this.#codes;
  }

  /** main's words for the last refusal; null after a call that worked. */
  get error(): string | null {
    return this.#error;
  }

  get busy(): boolean {
    return this.#busy;
  }

  async load(): Promise<void> {
    const result = await this.#api.call('catalogue.aliases', { productId: this.productId });
    if (result.ok) this.#codes = result.value;
    else this.#error = result.error.message;
  }

  /** Keeps `code` for the product (units 1: another code; more: a pack); false when refused. */
  add(code: string, units: number): Promise<boolean> {
    return this.#run(async () => {
      const result = await this.#api.call('catalogue.addAlias', { productId: this.productId, code, units });
      if (!result.ok) return result.error.message;
      this.#codes = [...this.#codes.filter((alias) => alias.code !== result.value.code), result.value];
      return null;
    });
  }

  remove(code: string): Promise<boolean> {
    return this.#run(async () => {
      const result = await this.#api.call('catalogue.removeAlias', { code });
      if (!result.ok) return result.error.message;
      this.#codes = this.#codes.filter((alias) => alias.code !== code);
      return null;
    });
  }

  /** The whole PC's codes as a file to save; null when refused. */
  async exportFile(): Promise<{ fileName: string; text: string } | null> {
    const result = await this.#api.call('catalogue.exportAliases', {});
    if (!result.ok) {
      this.#error = result.error.message;
      return null;
    }
    this.#error = null;
    return result.value;
  }

  /** Takes a file of another PC; what it did, or null when refused (the error is shown). */
  async importFile(text: string): Promise<AliasImport | null> {
    let answer: AliasImport | null = null;
    await this.#run(async () => {
      const result = await this.#api.call('catalogue.importAliases', { text });
      if (!result.ok) return result.error.message;
      answer = result.value;
      return null;
    });
    if (answer !== null) await this.load();
    return answer;
  }

  async #run(work: () => Promise<string | null>): Promise<boolean> {
    if (this.#busy) return false;
    this.#busy = true;
    try {
      this.#error = await work();
      return this.#error === null;
    } finally {
      this.#busy = false;
    }
  }
}
