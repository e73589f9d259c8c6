// A product's picture on the detail page: the one main shows (the back office's, or the one chosen on
// this PC until its upload is done) and replacing it from a file. The file's size and type are checked
// here before anything is sent (main checks the bytes again); a refusal of either is kept as a problem
// the page words in its own language. The upload's state is read again when the outbox changes.
import { MAX_PICTURE_BYTES } from '../../../src-shared/domain/limits.js';
import { isOneOf, PICTURE_TYPES, type PictureType } from '../../../src-shared/domain/vocabulary.js';
import type { CallValue, StockroomBridge } from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type ProductImageValue = CallValue<'catalogue.productImage'>;
export type PictureUploadValue = CallValue<'catalogue.pictureUpload'>;

/** Why a chosen file was not taken (checked here, or refused by main). */
export type PictureProblem =
  | { readonly kind: 'tooLarge'; readonly bytes: number }
  | { readonly kind: 'wrongType' }
  | { readonly kind: 'unreadable' }
  | { readonly kind: 'failed'; readonly message: string };

/** What the page knows of a chosen file before reading it. */
export interface ChosenFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The problem of a file before it is read: too large, or not a type v4 takes; null when it may go. */
export function checkChosenFile(file: Pick<ChosenFile, 'size' | 'type'>): PictureProblem | null {
  if (!isOneOf(PICTURE_TYPES, file.type)) return { kind: 'wrongType' };
  if (file.size === 0) return { kind: 'unreadable' };
  if (file.size > MAX_PICTURE_BYTES) return { kind: 'tooLarge', bytes: file.size };
  return null;
}

/** Bytes as base64 text, in chunks (a spread of 2 MB would overflow the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return btoa(binary);
}

export class ProductPicture {
  readonly productId: number;
  readonly #api: StockroomBridge;
  #image = $state<ProductImageValue | 'loading'>('loading');
  #upload = $state<PictureUploadValue>(null);
  #problem = $state<PictureProblem | null>(null);
  #busy = $state(false);

  /** `bridge`: the way to main (the page's own unless a test gives another). */
  constructor(productId: number, bridge: StockroomBridge = api) {
    this.productId = productId;
    this.#api = bridge;
  }

  get image(): ProductImageValue | 'loading' {
    return this.#image;
  }

  /** The upload of a picture chosen here while it is shown instead of the back office's; else null. */
  get upload(): PictureUploadValue {
    return this.#upload;
  }

  /** Why the last chosen file was not taken; null once one was. */
  get problem(): PictureProblem | null {
    return this.#problem;
  }

  get busy(): boolean {
    return this.#busy;
  }

  async load(): Promise<void> {
    await Promise.all([this.#loadImage(), this.reloadUpload()]);
  }

  /** The upload's state again; once it is no longer shown as waiting, the picture main shows now. */
  async reloadUpload(): Promise<void> {
    const before = this.#upload;
    const result = await this.#api.call('catalogue.pictureUpload', { productId: this.productId });
    if (!result.ok) return;
    this.#upload = result.value;
    if (before !== null && result.value === null) await this.#loadImage();
  }

  /** Replaces the picture with `file`: checked, sent to main, shown at once; false when not taken. */
  async replace(file: ChosenFile): Promise<boolean> {
    if (this.#busy) return false;
    const problem = checkChosenFile(file);
    this.#problem = problem;
    if (problem !== null) return false;
    this.#busy = true;
    try {
      let dataBase64: string;
      try {
        dataBase64 = toBase64(new Uint8Array(await file.arrayBuffer()));
      } catch {
        this.#problem = { kind: 'unreadable' };
        return false;
      }
      const result = await this.#api.call('catalogue.replaceImage', {
        productId: this.productId,
        fileName: file.name.trim() === '' ? 'picture' : file.name.slice(0, 200),
        type: file.type as PictureType,
        dataBase64,
      });
      if (!result.ok) {
        const path = result.error.issues?.[0]?.path;
        this.#problem =
          path === 'type'
            ? { kind: 'wrongType' }
            : path === 'dataBase64'
              ? { kind: 'unreadable' }
              : { kind: 'failed', message: result.error.message };
        return false;
      }
      this.#upload = result.value;
      await this.#loadImage();
      return true;
    } finally {
      this.#busy = false;
    }
  }

  async #loadImage(): Promise<void> {
    const result = await this.#api.call('catalogue.productImage', { productId: this.productId });
    this.#image = result.ok ? result.value : { dataUrl: null, problem: 'failed' };
  }
}
