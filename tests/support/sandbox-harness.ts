// Test harness for the sandbox: a real sandbox on 127.0.0.1 (port 0) with a temporary data file, and
// a `call` helper that sends REAL HTTP with the three auth headers.
//
//   const sandbox = await startTestSandbox();            // demo seed, store demo/demo-key/demo-secret
//   const answer = await sandbox.call('GetWarehouses', { query: { limit: 2 } });
//   expect(answer.status).toBe(200);
//   expect(answer.body).toMatchObject({ res: { resCode: '200' } });
//   await sandbox.call('AddWarehouse', { body: { code: 'W9', name: 'x' } });
//   await sandbox.call('UpdateProductImage', { query: { id: 1 }, file: { fileName: 'a.png', data: bytes } });
//   sandbox.handle.scheduleFault({ endpoint: 'AddWarehouse', mode: 'reset', timing: 'after' });
//   await sandbox.restart();                              // same data file, new process state and port
//   await sandbox.close();                                // stops and deletes the temporary folder
//
// A connection reset (fault mode 'reset') makes `call` reject (fetch's TypeError "fetch failed").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints, type EndpointName } from '../../src-shared/api/endpoints/index.js';
import {
  DEFAULT_STORE,
  startSandbox,
  type SandboxHandle,
  type SandboxOptions,
  type StoreCredentials,
} from '../../src-main/sandbox/index.js';

export { DEFAULT_STORE };

export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

export interface CallOptions {
  readonly query?: QueryValues;
  /** Extra headers (e.g. list headers: { productidlist: '1,2' }); they override the auth headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as JSON (a string is sent as it is, e.g. to test bad JSON). */
  readonly body?: unknown;
  /** Sent as multipart/form-data with one part named `file`. */
  readonly file?: {
    readonly fileName: string;
    readonly mimeType?: string;
    readonly data: Uint8Array | string;
  };
  /** Whose credentials to send (default: the first store); false sends none. */
  readonly as?: StoreCredentials | false;
}

export interface CallResult {
  readonly status: number;
  /** The parsed JSON answer (undefined when the answer is not JSON). */
  readonly body: unknown;
  readonly text: string;
  readonly headers: Headers;
}

export interface TestSandbox {
  readonly handle: SandboxHandle;
  readonly url: string;
  readonly dataFile: string;
  readonly stores: readonly StoreCredentials[];
  /** Calls an endpoint of the table by name with its own method and path. */
  call(name: EndpointName, options?: CallOptions): Promise<CallResult>;
  /** Any method and path (for 404/405/case tests); same options as call. */
  request(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** Stops the server and starts it again on the same data file (options merged over the first ones). */
  restart(overrides?: Partial<SandboxOptions>): Promise<void>;
  /** Stops the server and deletes the temporary folder. */
  close(): Promise<void>;
}

export type TestSandboxOptions = Partial<SandboxOptions>;

function buildBody(options: CallOptions): { body?: string | FormData; contentType?: string } {
  if (options.file) {
    const form = new FormData();
    const blob = new Blob([options.file.data], { type: options.file.mimeType ?? 'application/octet-stream' });
    form.append('file', blob, options.file.fileName);
    return { body: form };
  }
  if (options.body === undefined) return {};
  const text = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return { body: text, contentType: 'application/json' };
}

/** Starts a sandbox for one test file (defaults: port 0, temp data file, demo seed, 20 products). */
export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const folder = await mkdtemp(join(tmpdir(), 'stockroom-sandbox-'));
  const settings: SandboxOptions = {
    dataFile: join(folder, 'sandbox.sqlite'),
    port: 0,
    seed: 'demo',
    products: 20,
    ...options,
  };
  const stores = settings.stores ?? [DEFAULT_STORE];
  let handle = await startSandbox(settings).catch(async (error: unknown) => {
    await rm(folder, { recursive: true, force: true });
    throw error;
  });

  async function request(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const url = new URL(path, handle.url);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const credentials = options.as === undefined ? stores[0] : options.as;
    const headers: Record<string, string> = credentials
      ? { storename: credentials.name, apikey: credentials.apikey, apisecret: credentials.apisecret }
      : {};
    const { body, contentType } = buildBody(options);
    if (contentType) headers['content-type'] = contentType;
    Object.assign(headers, options.headers);
    const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }

  const sandbox: TestSandbox = {
    get handle() {
      return handle;
    },
    get url() {
      return handle.url;
    },
    dataFile: settings.dataFile,
    stores,
    call: (name, options) => request(endpoints[name].method, endpoints[name].path, options),
    request,
    restart: async (overrides = {}) => {
      await handle.close();
      handle = await startSandbox({ ...settings, ...overrides });
    },
    close: async () => {
      await handle.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
  return sandbox;
}

/** The `res` or top-level verdict of an answer body: { code, description }. */
export function verdict(body: unknown): { code: string; description: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const res: unknown = Reflect.get(body, 'res');
  const holder = typeof res === 'object' && res !== null ? res : body;
  const code: unknown = Reflect.get(holder, 'resCode');
  const description: unknown = Reflect.get(holder, 'resDesc');
  return typeof code === 'string'
    ? { code, description: typeof description === 'string' ? description : '' }
    : undefined;
}
