// The counting page's copy of the session's code index (counting.codeIndex): the codes whose scan the
// page may show before main answers (optimistic-scans.ts). Read a page at a time in the background
// once the session is open, so the first scans never wait for it; a code not read yet simply waits
// for main, as every code did before. Kept by comparison key (barcodeKey, the rule main uses).
import { barcodeKey } from '../../../src-shared/barcode/index.js';
import type { CallValue, IndexedCode, IpcResult, StockroomBridge } from '../../../src-shared/ipc/index.js';
import type { CodeLookup } from './optimistic-scans.js';
import { PackedCodes } from './packed-codes.js';

/**
 * At most this many codes are kept (packed-codes.ts). A larger scope's other codes wait for main, as
 * every code did before.
 */
export const MAX_INDEXED_CODES = 250_000;

export class CodeIndex implements CodeLookup {
  readonly #codes = new PackedCodes();
  readonly #maxCodes: number;
  #stopped = false;

  constructor(maxCodes = MAX_INDEXED_CODES) {
    this.#maxCodes = maxCodes;
  }

  get size(): number {
    return this.#codes.size;
  }

  find(code: string): IndexedCode | undefined {
    const key = barcodeKey(code);
    return key === undefined ? undefined : this.#codes.find(key);
  }

  /**
   * Reads the whole index, page after page; stops early on a refusal, a lost call or once `stop()` is
   * called. Never fails: what is not read only means those codes wait for main, as before.
   */
  async load(bridge: StockroomBridge, sessionId: string): Promise<void> {
    let after: string | null = null;
    while (!this.#stopped) {
      let page: IpcResult<CallValue<'counting.codeIndex'>>;
      try {
        page = await bridge.call('counting.codeIndex', {
          sessionId,
          ...(after === null ? {} : { after }),
        });
      } catch {
        return;
      }
      if (!page.ok || this.#stopped) return;
      this.#codes.add(page.value.entries);
      if (page.value.next === null || this.#codes.size >= this.#maxCodes) return;
      after = page.value.next;
    }
  }

  stop(): void {
    this.#stopped = true;
  }
}
