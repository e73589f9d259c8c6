// Fetches one product image over HTTP(S) with undici: no credentials (image URLs are public, in the
// sandbox and in production), short timeouts, a size cap enforced while the body streams (a missing or
// lying Content-Length cannot get past it), an image/* content type, and at most a few redirects, each
// checked like the first address. For a store not on loopback, https only and never a loopback,
// private or link-local address (address-policy.ts): checked on every address the name resolves to
// before anything connects, and again when the socket resolves it (so a name that changes its answer
// in between is refused too).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { IMAGE_PROBLEMS } from '../../../src-shared/ipc/schemas/catalogue.js';
import { Agent } from 'undici';
import { checkPictureAddress, isLoopbackStore, isPublicAddress, type HostLookup } from './address-policy.js';

export interface ImageFetchTimeouts {
  readonly connectMs: number;
  readonly headersMs: number;
  readonly bodyMs: number;
}

export const DEFAULT_IMAGE_TIMEOUTS: ImageFetchTimeouts = {
  connectMs: 5_000,
  headersMs: 10_000,
  bodyMs: 15_000,
};
export const DEFAULT_MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;
// A type the page can put in a data: URL as it is: no parameters, no spaces, nothing to escape.
const IMAGE_TYPE = /^image\/[a-z0-9][a-z0-9.+-]{0,60}$/;

/** Why an image could not be fetched; each is worded for people by the page. */
export type ImageProblem = (typeof IMAGE_PROBLEMS)[number];

export type ImageFetchOutcome =
  | { readonly ok: true; readonly contentType: string; readonly bytes: Buffer }
  | { readonly ok: false; readonly problem: ImageProblem; readonly detail: string };

export interface ImageFetcherOptions {
  readonly timeouts?: Partial<ImageFetchTimeouts>;
  readonly maxBytes?: number;
  /** How host names are resolved, for the check and for the connection alike (the system's DNS). */
  readonly lookup?: HostLookup;
  /**
   * Which addresses count as the public internet (isPublicAddress). Tests, which may reach nothing
   * but loopback, name a loopback server as "public" to stand for a store's picture host.
   */
  readonly isPublic?: (address: string) => boolean;
  /** Certificate authorities to trust instead of the system's (a test's own https server). */
  readonly ca?: string;
}

const systemLookup: HostLookup = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

type SocketLookup = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * The resolver the sockets use: `lookup`'s answer, refused when `isPublic` is given and an address is
 * not public — the check made again at connect time, on the very addresses connected to.
 */
function socketLookup(
  lookup: HostLookup,
  isPublic: ((address: string) => boolean) | undefined,
): SocketLookup {
  return (hostname, options, callback) => {
    lookup(hostname).then(
      (addresses) => {
        const blocked = isPublic !== undefined && addresses.some((resolved) => !isPublic(resolved.address));
        const first = addresses[0];
        if (blocked || first === undefined) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} is not at a public address`);
          error.code = 'EADDRNOTPUBLIC';
          callback(error, '');
        } else if (options.all === true)
          callback(
            null,
            addresses.map((one) => ({ ...one })),
          );
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

export function isImageContentType(value: string): boolean {
  return IMAGE_TYPE.test(value);
}

/** An http(s) URL without user info, or undefined for anything else (file:, data:, javascript:…). */
export function checkedImageUrl(url: URL): URL | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url;
}

/**
 * Where a product's imagepath points: an absolute http(s) URL as it is, anything else as a path on the
 * store's base URL (the sandbox gives `/images/<store>/<image>`). undefined when there is nothing to
 * fetch or the address is not http(s).
 */
export function resolveImageUrl(baseUrl: string, imagepath: string): URL | undefined {
  const path = imagepath.trim();
  if (path === '') return undefined;
  try {
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(path);
    const url = absolute ? new URL(path) : new URL(path, `${baseUrl.replace(/\/+$/, '')}/`);
    return checkedImageUrl(url);
  } catch {
    return undefined;
  }
}

export class ImageFetcher {
  readonly maxBytes: number;
  readonly #lookup: HostLookup;
  readonly #isPublic: (address: string) => boolean;
  /** For a store on the internet: its sockets connect to public addresses only. */
  readonly #publicAgent: Agent;
  /** For a store on loopback (the sandbox), whose pictures are on this PC. */
  readonly #loopbackAgent: Agent;

  constructor(options: ImageFetcherOptions = {}) {
    const timeouts = { ...DEFAULT_IMAGE_TIMEOUTS, ...options.timeouts };
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES;
    this.#lookup = options.lookup ?? systemLookup;
    this.#isPublic = options.isPublic ?? isPublicAddress;
    const agent = (publicOnly: boolean): Agent =>
      new Agent({
        connections: 2,
        keepAliveTimeout: 4_000,
        connect: {
          timeout: timeouts.connectMs,
          lookup: socketLookup(this.#lookup, publicOnly ? this.#isPublic : undefined),
          ...(options.ca === undefined ? {} : { ca: options.ca }),
        },
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      });
    this.#publicAgent = agent(true);
    this.#loopbackAgent = agent(false);
  }

  /** The picture at `url` for the store at `storeUrl` (whose place decides which addresses may serve it). */
  async fetch(url: URL, storeUrl: string): Promise<ImageFetchOutcome> {
    const agent = isLoopbackStore(storeUrl) ? this.#loopbackAgent : this.#publicAgent;
    let current = url;
    for (let redirects = 0; ; redirects++) {
      const verdict = await checkPictureAddress(current, storeUrl, this.#lookup, this.#isPublic);
      if (!verdict.ok) return { ok: false, problem: 'failed', detail: `address refused: ${verdict.why}` };
      const outcome = await this.#fetchOnce(agent, current);
      if (!('redirect' in outcome)) return outcome;
      const next = checkedImageUrl(new URL(outcome.redirect, current));
      if (next === undefined || redirects >= MAX_REDIRECTS) {
        return { ok: false, problem: 'failed', detail: 'redirected too often or away from http(s)' };
      }
      current = next;
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.#publicAgent.close(), this.#loopbackAgent.close()]);
  }

  async #fetchOnce(agent: Agent, url: URL): Promise<ImageFetchOutcome | { readonly redirect: string }> {
    let response: Awaited<ReturnType<Agent['request']>>;
    try {
      response = await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { accept: 'image/*' },
      });
    } catch (error) {
      return { ok: false, problem: 'unreachable', detail: errorCode(error) };
    }
    const { statusCode, headers, body } = response;
    const discard = (): void => void body.dump().catch(() => undefined);
    // Destroying the body emits its abort as an error event: nobody else is listening for it.
    const abandon = (): void => {
      body.on('error', () => undefined);
      body.destroy();
    };
    const location = headerValue(headers['location']);
    if (statusCode >= 300 && statusCode < 400 && location !== undefined) {
      discard();
      return { redirect: location };
    }
    if (statusCode === 404 || statusCode === 410) {
      discard();
      return { ok: false, problem: 'not-found', detail: `HTTP ${statusCode}` };
    }
    if (statusCode !== 200) {
      discard();
      return { ok: false, problem: 'failed', detail: `HTTP ${statusCode}` };
    }
    const contentType =
      (headerValue(headers['content-type']) ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!IMAGE_TYPE.test(contentType)) {
      discard();
      return { ok: false, problem: 'not-an-image', detail: `content type ${contentType || 'missing'}` };
    }
    const declared = Number(headerValue(headers['content-length']) ?? NaN);
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      abandon();
      return { ok: false, problem: 'too-large', detail: `${declared} bytes` };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += piece.length;
        if (size > this.maxBytes) {
          abandon();
          return { ok: false, problem: 'too-large', detail: `over ${this.maxBytes} bytes` };
        }
        chunks.push(piece);
      }
    } catch (error) {
      return { ok: false, problem: 'unreachable', detail: errorCode(error) };
    }
    if (size === 0) return { ok: false, problem: 'not-an-image', detail: 'empty body' };
    return { ok: true, contentType, bytes: Buffer.concat(chunks, size) };
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function errorCode(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : error.name;
  }
  return 'error';
}
