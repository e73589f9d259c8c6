// A product's picture replaced on this PC (issue 12). The chosen bytes are checked (≤ 2 MB, JPEG, PNG
// or WebP by their magic numbers, whatever the file claims), copied into the store's uploads folder
// (written to a temporary name, flushed and renamed: a crash leaves no half file the outbox could
// send) and the upload is queued (UpdateProductImage on the stored copy) with the local record in one
// transaction. The local picture is what the page shows until the upload is done AND a pull brought the
// product's new imagepath; then the copy is deleted. A discarded upload ends it too.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { nameWithExtension } from '../../../src-shared/files/file-names.js';
import { detectImageType } from '../../../src-shared/images/image-type.js';
import type { CallValue, ParsedCallArgs } from '../../../src-shared/ipc/index.js';
import { isOneOf, PICTURE_TYPES, type PictureType } from '../../../src-shared/domain/vocabulary.js';
import { MAX_PICTURE_BYTES } from '../../../src-shared/ipc/schemas/product-extras.js';
import { preparedFor } from '../../db/statements.js';
import {
  createOperationOf,
  enqueueWrite,
  operationStates,
  sendStateOf,
  type WriteOperationState,
} from '../../outbox/index.js';
import { Refusal } from '../../refusal/refusal.js';
import type { CatalogueLookup } from '../catalogue-lookup.js';
import type { ProductLocalWrites } from '../product-local-writes.repository.js';
import { productWriteTarget } from '../product-writes.js';

/** A file the service has copied into the store's uploads folder (what the outbox opens and sends). */
export interface StoredPicture {
  readonly path: string;
  readonly fileName: string;
  readonly type: PictureType;
}

/** How the pictures queue their upload and read where it stands (the outbox's write API). */
export interface PictureWrites {
  /** Synchronous, inside the caller's transaction. */
  enqueue(productId: number, file: StoredPicture): number;
  standings(operationIds: readonly number[]): ReadonlyMap<number, WriteOperationState>;
}

/** The outbox's write API on the store's database; a product made here is named by its create. */
export function outboxPictureWrites(
  db: Database,
  localWrites: Pick<ProductLocalWrites, 'createOf'>,
): PictureWrites {
  return {
    enqueue: (productId, file) =>
      enqueueWrite(db, {
        kind: 'updateProductImage',
        target: productWriteTarget(localWrites, productId),
        args: { file },
      }).operationId,
    standings: (ids) => new Map(operationStates(db, ids).map((state) => [state.operationId, state])),
  };
}

interface PictureRow {
  readonly product_id: number;
  readonly operation_id: number;
  readonly file_path: string;
  readonly file_name: string;
  readonly mime_type: string;
  readonly imagepath_before: string;
}

function prepareAll(db: Database) {
  return {
    byProduct: db.prepare<[number], PictureRow>(`SELECT * FROM product_pictures WHERE product_id = ?`),
    upsert: db.prepare<{
      productId: number;
      operationId: number;
      path: string;
      fileName: string;
      type: string;
      before: string;
      now: number;
    }>(
      `INSERT INTO product_pictures (product_id, operation_id, file_path, file_name, mime_type, imagepath_before, created_at)
       VALUES (@productId, @operationId, @path, @fileName, @type, @before, @now)
       ON CONFLICT (product_id) DO UPDATE SET operation_id = excluded.operation_id, file_path = excluded.file_path,
         file_name = excluded.file_name, mime_type = excluded.mime_type, created_at = excluded.created_at`,
    ),
    remove: db.prepare<[number, number]>(
      `DELETE FROM product_pictures WHERE product_id = ? AND operation_id = ?`,
    ),
  };
}

export interface ProductPicturesOptions {
  readonly db: Database;
  readonly lookup: Pick<CatalogueLookup, 'product'>;
  readonly writes: PictureWrites;
  /**
   * The id a product answers to now: a product made here keeps answering to its local id after its
   * create moved it (and its picture) to its server id.
   */
  readonly currentId: (productId: number) => number;
  /** The store's uploads folder (storage/paths.ts storeUploadsDirectory). */
  readonly directory: string;
  readonly now: () => number;
}

const MAX_PICTURE_NAME = 200;

const EXTENSIONS: Record<PictureType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** A picture refused: the sentence is the field's message (it names the file, not the field). */
function badPicture(path: 'dataBase64' | 'type', message: string): Refusal {
  return Refusal.field(path, message, 'bad-picture', message);
}

/** The bytes of a base64 text, or a refusal when it is not base64 or holds no picture we take. */
export function checkPicture(dataBase64: string): { bytes: Buffer; type: PictureType } {
  const text = dataBase64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) {
    throw badPicture('dataBase64', 'The file could not be read as a picture.');
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw badPicture('dataBase64', 'The file is empty.');
  if (bytes.length > MAX_PICTURE_BYTES) {
    throw badPicture(
      'dataBase64',
      `The picture is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; at most 2 MB are taken.`,
    );
  }
  const type = detectImageType(bytes);
  if (!isOneOf(PICTURE_TYPES, type)) throw badPicture('type', 'The file is not a JPEG, PNG or WebP picture.');
  return { bytes, type };
}

export class ProductPictures {
  readonly #options: ProductPicturesOptions;

  constructor(options: ProductPicturesOptions) {
    this.#options = options;
  }

  /** Checks, copies and queues; answers the upload's state ('waitingToSend'). */
  async replace(
    picture: ParsedCallArgs<'catalogue.replaceImage'>,
  ): Promise<CallValue<'catalogue.replaceImage'>> {
    const { db, lookup, writes, now } = this.#options;
    const productId = this.#options.currentId(picture.productId);
    const product = lookup.product(productId);
    if (product === undefined) throw Refusal.notFound(`No product ${productId} in the local catalogue.`);
    const create = createOperationOf(productId);
    if (create !== undefined && writes.standings([create]).get(create)?.state === 'discarded') {
      throw Refusal.conflict(
        `Product ${product.sku} was discarded before it reached the back office; it takes no picture.`,
        'create-discarded',
      );
    }
    const { bytes, type } = checkPicture(picture.dataBase64);
    const path = await this.#store(productId, bytes, type);
    // Cleaned as an attachment's name is, and named for what the bytes are.
    const fileName = nameWithExtension(picture.fileName, EXTENSIONS[type], MAX_PICTURE_NAME);
    try {
      const operationId = db.transaction(() => {
        const queued = writes.enqueue(productId, { path, fileName, type });
        preparedFor(db, prepareAll).upsert.run({
          productId,
          operationId: queued,
          path,
          fileName,
          type,
          before: product.imagepath,
          now: now(),
        });
        return queued;
      })();
      return { operationId, sendState: 'waitingToSend', problem: null };
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  /** The upload of the picture chosen here while it is still shown instead of the server's; else null. */
  async upload(productId: number): Promise<CallValue<'catalogue.pictureUpload'>> {
    const row = await this.#current(productId);
    if (row === undefined) return null;
    const state = this.#options.writes.standings([row.operation_id]).get(row.operation_id);
    return {
      operationId: row.operation_id,
      sendState: sendStateOf(state) ?? 'waitingToSend',
      problem: state?.mark === 'needsAttention' ? state.reasonText : null,
    };
  }

  /** The picture chosen here as a data: URL while it wins over the server's; null otherwise. */
  async localDataUrl(productId: number): Promise<string | null> {
    const row = await this.#current(productId);
    if (row === undefined) return null;
    try {
      const bytes = await readFile(row.file_path);
      return `data:${row.mime_type};base64,${bytes.toString('base64')}`;
    } catch {
      return null;
    }
  }

  /**
   * The product's local picture while it wins: its upload not done, or done while the catalogue still
   * holds the imagepath from before. Once the server's new picture was pulled (or the upload was
   * discarded), the row and its file go.
   */
  async #current(productId: number): Promise<PictureRow | undefined> {
    const { db, lookup, writes } = this.#options;
    const statements = preparedFor(db, prepareAll);
    const row = statements.byProduct.get(this.#options.currentId(productId));
    if (row === undefined) return undefined;
    const state = writes.standings([row.operation_id]).get(row.operation_id);
    const imagepath = lookup.product(row.product_id)?.imagepath ?? row.imagepath_before;
    const finished =
      state === undefined ||
      state.state === 'discarded' ||
      (state.state === 'done' && imagepath !== row.imagepath_before);
    if (!finished) return row;
    statements.remove.run(row.product_id, row.operation_id);
    await rm(row.file_path, { force: true }).catch(() => undefined);
    return undefined;
  }

  async #store(productId: number, bytes: Buffer, type: PictureType): Promise<string> {
    const { directory, now } = this.#options;
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const name = `product-${productId}-${now()}-${randomBytes(4).toString('hex')}.${EXTENSIONS[type]}`;
    const path = join(directory, name);
    const temporary = `${path}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
    return path;
  }
}
