// Product images for the page, which may only show data: URLs (the CSP's img-src is 'self' and data:).
// Main fetches the image the product's imagepath names and keeps the bytes on disk in the store's own
// folder, so a product seen once still shows its picture offline.
//
// - One entry per image URL (SHA-256 of the address): `<hash>.bin` (the bytes) and `<hash>.json` (type
//   and when it was fetched), each written to a temporary name and renamed, so a crash leaves no half
//   entry that could be served.
// - A fresh entry (younger than `freshForMs`) is served without a request; a stale one is fetched again
//   and served as it is when the back office cannot be reached. A 404 drops it.
// - Bounded: past `maxTotalBytes` or `maxEntries`, the least recently served entries go (reading an
//   entry touches its file's mtime).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageFetcher, ImageProblem } from './image-fetcher.js';
import { isImageContentType, resolveImageUrl } from './image-fetcher.js';

export const DEFAULT_IMAGE_CACHE_LIMITS = {
  maxTotalBytes: 64 * 1024 * 1024,
  maxEntries: 2_000,
  freshForMs: 24 * 60 * 60 * 1000,
} as const;

export type ProductImageAnswer =
  | { readonly dataUrl: string; readonly fromCache: boolean }
  | { readonly dataUrl: null; readonly problem: ImageProblem }
  /** The product has no image. */
  | null;

export interface ProductImageCacheOptions {
  /** The store's image folder (created on first write). */
  readonly directory: string;
  readonly fetcher: ImageFetcher;
  readonly maxTotalBytes?: number;
  readonly maxEntries?: number;
  readonly freshForMs?: number;
  readonly now?: () => number;
  /** Told when a fetch fails or the folder cannot be written (never with the image's bytes). */
  readonly onProblem?: (message: string, details: Record<string, unknown>) => void;
}

interface EntryMeta {
  readonly url: string;
  readonly contentType: string;
  readonly fetchedAt: number;
}

interface Entry extends EntryMeta {
  readonly bytes: Buffer;
}

const ENTRY_BYTES = '.bin';
const ENTRY_META = '.json';

export class ProductImageCache {
  readonly #directory: string;
  readonly #fetcher: ImageFetcher;
  readonly #maxTotalBytes: number;
  readonly #maxEntries: number;
  readonly #freshForMs: number;
  readonly #now: () => number;
  readonly #onProblem: NonNullable<ProductImageCacheOptions['onProblem']>;

  constructor(options: ProductImageCacheOptions) {
    this.#directory = options.directory;
    this.#fetcher = options.fetcher;
    this.#maxTotalBytes = options.maxTotalBytes ?? DEFAULT_IMAGE_CACHE_LIMITS.maxTotalBytes;
    this.#maxEntries = options.maxEntries ?? DEFAULT_IMAGE_CACHE_LIMITS.maxEntries;
    this.#freshForMs = options.freshForMs ?? DEFAULT_IMAGE_CACHE_LIMITS.freshForMs;
    this.#now = options.now ?? Date.now;
    this.#onProblem = options.onProblem ?? (() => {});
  }

  /** The image of a product whose imagepath is `imagepath`, on the store at `baseUrl`. */
  async image(baseUrl: string, imagepath: string): Promise<ProductImageAnswer> {
    if (imagepath.trim() === '') return null;
    const url = resolveImageUrl(baseUrl, imagepath);
    if (url === undefined) return { dataUrl: null, problem: 'failed' };
    const key = createHash('sha256').update(url.href).digest('hex');
    const cached = await this.#read(key, url.href);
    if (cached !== undefined && this.#now() - cached.fetchedAt < this.#freshForMs) {
      return { dataUrl: dataUrl(cached), fromCache: true };
    }
    const fetched = await this.#fetcher.fetch(url, baseUrl);
    if (fetched.ok) {
      const entry: Entry = {
        url: url.href,
        contentType: fetched.contentType,
        bytes: fetched.bytes,
        fetchedAt: this.#now(),
      };
      await this.#write(key, entry);
      return { dataUrl: dataUrl(entry), fromCache: false };
    }
    this.#onProblem('A product image could not be fetched', {
      host: url.host,
      problem: fetched.problem,
      detail: fetched.detail,
    });
    if (fetched.problem === 'not-found') {
      await this.#remove(key);
      return { dataUrl: null, problem: 'not-found' };
    }
    // Offline or a passing failure: the picture we have is still the best one to show.
    if (cached !== undefined) return { dataUrl: dataUrl(cached), fromCache: true };
    return { dataUrl: null, problem: fetched.problem };
  }

  async #read(key: string, href: string): Promise<Entry | undefined> {
    const bytesFile = join(this.#directory, key + ENTRY_BYTES);
    try {
      const meta = parseMeta(await readFile(join(this.#directory, key + ENTRY_META), 'utf8'));
      if (meta === undefined || meta.url !== href) return undefined;
      const bytes = await readFile(bytesFile);
      const now = new Date(this.#now());
      // Marks it recently used for the eviction order; losing that mark costs nothing.
      await utimes(bytesFile, now, now).catch(() => undefined);
      return { ...meta, bytes };
    } catch {
      return undefined;
    }
  }

  async #write(key: string, entry: Entry): Promise<void> {
    const meta: EntryMeta = { url: entry.url, contentType: entry.contentType, fetchedAt: entry.fetchedAt };
    const temporary = `.${randomBytes(6).toString('hex')}.tmp`;
    const bytesFile = join(this.#directory, key + ENTRY_BYTES);
    const metaFile = join(this.#directory, key + ENTRY_META);
    try {
      await mkdir(this.#directory, { recursive: true, mode: 0o700 });
      // Bytes first, then the meta that makes the entry readable.
      await writeFile(bytesFile + temporary, entry.bytes, { mode: 0o600 });
      await rename(bytesFile + temporary, bytesFile);
      await writeFile(metaFile + temporary, JSON.stringify(meta), { mode: 0o600 });
      await rename(metaFile + temporary, metaFile);
      const now = new Date(this.#now());
      await utimes(bytesFile, now, now);
      await this.#evict();
    } catch (error) {
      // The picture is still shown this time; only the offline copy is missing.
      this.#onProblem('A product image could not be cached', { error });
      await rm(bytesFile + temporary, { force: true }).catch(() => undefined);
      await rm(metaFile + temporary, { force: true }).catch(() => undefined);
    }
  }

  async #remove(key: string): Promise<void> {
    await rm(join(this.#directory, key + ENTRY_META), { force: true }).catch(() => undefined);
    await rm(join(this.#directory, key + ENTRY_BYTES), { force: true }).catch(() => undefined);
  }

  /** Keeps the folder within its bounds, dropping the least recently used entries first. */
  async #evict(): Promise<void> {
    const names = (await readdir(this.#directory)).filter((name) => name.endsWith(ENTRY_BYTES));
    const entries = await Promise.all(
      names.map(async (name) => {
        const info = await stat(join(this.#directory, name)).catch(() => undefined);
        return { key: name.slice(0, -ENTRY_BYTES.length), size: info?.size ?? 0, usedAt: info?.mtimeMs ?? 0 };
      }),
    );
    entries.sort((a, b) => b.usedAt - a.usedAt);
    let total = 0;
    let kept = 0;
    for (const entry of entries) {
      total += entry.size;
      kept += 1;
      if (kept > this.#maxEntries || total > this.#maxTotalBytes) await this.#remove(entry.key);
    }
  }
}

function dataUrl(entry: Entry): string {
  return `data:${entry.contentType};base64,${entry.bytes.toString('base64')}`;
}

function parseMeta(text: string): EntryMeta | undefined {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) return undefined;
  const { url, contentType, fetchedAt } = value as Record<string, unknown>;
  if (typeof url !== 'string' || typeof fetchedAt !== 'number') return undefined;
  if (typeof contentType !== 'string' || !isImageContentType(contentType)) return undefined;
  return { url, contentType, fetchedAt };
}
