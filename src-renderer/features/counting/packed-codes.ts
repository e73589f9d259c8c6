// The code index's storage in the page: up to 250,000 indexed codes kept as a few typed arrays and one
// string per page read, not as two objects and five strings per code. At 200,000 codes the objects
// made every major collection of the page's heap mark 1.6 million of them and pause the page for
// 21-45 ms in one piece (bench/scan-to-screen traces), which is a scan not painted in time. Here the
// heap holds a few hundred objects whatever the number of codes, and a lookup builds the one
// IndexedCode it returns.
//
// Keys (barcodeKey forms) of up to 15 digits are numbers in one sorted column per length: pages come
// in key order, and among keys of one length that order is the numeric one, so each column stays sorted
// as pages are appended and a lookup is a binary search. Any other key (letters, longer, or one that
// came out of order) goes to a Map, which a lookup checks first.
import type { IndexedCode } from '../../../src-shared/ipc/index.js';

/** Up to 15 digits: 10^15 < 2^53, so exact as a double. */
const NUMERIC_KEY = /^[0-9]{1,15}$/;
/**
 * sku, name, barcode, unittext, pack code ('' for none: a pack's code is never empty): the text of a
 * code, one after another in its page's string.
 */
const TEXT_FIELDS = 5;

/** A column of numbers that grows by doubling. */
class NumberColumn<T extends Float64Array | Int32Array> {
  #values: T;
  #length = 0;
  readonly #make: (size: number) => T;

  constructor(make: (size: number) => T) {
    this.#make = make;
    this.#values = make(1024);
  }

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    if (this.#length === this.#values.length) {
      const grown = this.#make(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#length] = value;
    this.#length += 1;
  }

  at(index: number): number {
    return this.#values[index] ?? Number.NaN;
  }
}

const floats = () => new NumberColumn((size) => new Float64Array(size));
const ints = () => new NumberColumn((size) => new Int32Array(size));

/** Numeric keys of one length, ascending, each with its code's slot. */
class SortedKeys {
  readonly keys = floats();
  readonly slots = ints();

  /** Appends when `key` is above the last one (false: the caller keeps it elsewhere). */
  append(key: number, slot: number): boolean {
    const last = this.keys.length === 0 ? -1 : this.keys.at(this.keys.length - 1);
    if (key <= last) return false;
    this.keys.push(key);
    this.slots.push(slot);
    return true;
  }

  find(key: number): number | undefined {
    let low = 0;
    let high = this.keys.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.keys.at(middle);
      if (value === key) return this.slots.at(middle);
      if (value < key) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}

export class PackedCodes {
  /** Per slot. */
  readonly #productIds = floats();
  readonly #units = floats();
  readonly #expected = floats();
  readonly #prices = floats();
  /** Which page string holds a slot's text, and where each of its fields starts and the last ends. */
  readonly #textPage = ints();
  readonly #textBounds = ints();
  readonly #texts: string[] = [];
  readonly #byLength = new Map<number, SortedKeys>();
  readonly #otherKeys = new Map<string, number>();
  #size = 0;

  /** Codes kept (a key given twice counts twice; main never does). */
  get size(): number {
    return this.#size;
  }

  /** Keeps one page of codes (in key order, as counting.codeIndex gives them). */
  add(entries: readonly IndexedCode[]): void {
    const page = this.#texts.length;
    const parts: string[] = [];
    let offset = 0;
    for (const entry of entries) {
      const slot = this.#size;
      const { product } = entry;
      this.#productIds.push(product.id);
      this.#units.push(entry.units);
      this.#expected.push(entry.expected);
      this.#prices.push(product.purchaseprice);
      this.#textPage.push(page);
      for (const text of [
        product.sku,
        product.name,
        product.barcode,
        product.unittext,
        entry.packCode ?? '',
      ]) {
        this.#textBounds.push(offset);
        parts.push(text);
        offset += text.length;
      }
      this.#textBounds.push(offset);
      this.#size += 1;
      this.#keep(entry.key, slot);
    }
    this.#texts.push(parts.join(''));
  }

  find(key: string): IndexedCode | undefined {
    const slot = this.#otherKeys.get(key) ?? this.#numericSlot(key);
    return slot === undefined ? undefined : this.#code(key, slot);
  }

  #keep(key: string, slot: number): void {
    const sorted = this.#numericColumn(key);
    // A key equal to or below its column's last (none comes from main) is kept in the Map, which wins.
    // eslint-disable-next-line no-restricted-syntax -- a code key main sent, digits only
    if (sorted === undefined || !sorted.append(Number(key), slot)) this.#otherKeys.set(key, slot);
  }

  #numericColumn(key: string): SortedKeys | undefined {
    if (!NUMERIC_KEY.test(key)) return undefined;
    let column = this.#byLength.get(key.length);
    if (column === undefined) {
      column = new SortedKeys();
      this.#byLength.set(key.length, column);
    }
    return column;
  }

  #numericSlot(key: string): number | undefined {
    if (!NUMERIC_KEY.test(key)) return undefined;
    // eslint-disable-next-line no-restricted-syntax -- a code key main sent, digits only
    return this.#byLength.get(key.length)?.find(Number(key));
  }

  #code(key: string, slot: number): IndexedCode {
    const text = this.#texts[this.#textPage.at(slot)] ?? '';
    const first = slot * (TEXT_FIELDS + 1);
    const field = (index: number) =>
      text.slice(this.#textBounds.at(first + index), this.#textBounds.at(first + index + 1));
    const packCode = field(4);
    return {
      key,
      units: this.#units.at(slot),
      packCode: packCode === '' ? null : packCode,
      product: {
        id: this.#productIds.at(slot),
        sku: field(0),
        name: field(1),
        barcode: field(2),
        unittext: field(3),
        purchaseprice: this.#prices.at(slot),
      },
      expected: this.#expected.at(slot),
    };
  }
}
