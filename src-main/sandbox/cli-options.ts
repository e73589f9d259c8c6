// The sandbox CLI's flags (node:util parseArgs) turned into SandboxOptions, with clear messages.
import { parseArgs } from 'node:util';
import { parseFailModes, type FaultSettings } from './faults.js';
import { DEFAULT_STORE, type SandboxOptions } from './index.js';
import type { StoreCredentials } from './stores.js';

export const USAGE = `Usage: npm run sandbox -- [flags]
  --port <n>               port on 127.0.0.1 (default 8787; 0 picks a free port)
  --data <file>            SQLite data file (default ./.tmp/sandbox.sqlite); data persists across starts
  --seed demo|empty        data for stores new in the file (default demo)
  --products <n>           demo products per new store
  --store <name> --apikey <key> --apisecret <secret>
                           a store to serve; repeat the three to serve several (paired by position)
                           (default: demo / demo-key / demo-secret)
  --latency-ms <n>         added to every request
  --jitter-ms <n>          up to this many ms more, at random
  --fail-rate <0..1>       fraction of requests that fail
  --fail-modes <list>      http500,res500,reset, each optionally :before or :after (default all)
  --fault-seed <n>         PRNG seed for repeatable faults (default 1)
  --quota <n>              requests per store per Thai day (default 50000)
  --max-upload-bytes <n>   largest upload (default 10485760)
  --help                   this text`;

export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export interface CliOptions extends SandboxOptions {
  readonly port: number;
}

function wholeNumber(name: string, text: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || Number(text) > max) {
    throw new CliUsageError(`--${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  }
  return Number(text);
}

function stores(names: string[], keys: string[], secrets: string[]): StoreCredentials[] {
  if (names.length === 0 && keys.length === 0 && secrets.length === 0) return [DEFAULT_STORE];
  if (names.length !== keys.length || names.length !== secrets.length) {
    throw new CliUsageError(
      `give --store, --apikey and --apisecret the same number of times (got ${names.length}, ${keys.length}, ${secrets.length})`,
    );
  }
  const list = names.map((name, index) => ({
    name,
    apikey: keys[index] ?? '',
    apisecret: secrets[index] ?? '',
  }));
  const blank = list.find((store) => store.name === '' || store.apikey === '' || store.apisecret === '');
  if (blank) throw new CliUsageError('--store, --apikey and --apisecret must not be empty');
  if (new Set(names).size !== names.length) throw new CliUsageError('each --store name may be given once');
  return list;
}

/** Parses the flags; throws CliUsageError (exit code 2) on anything wrong. `undefined` means --help. */
export function parseCliOptions(args: readonly string[]): CliOptions | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        seed: { type: 'string' },
        products: { type: 'string' },
        store: { type: 'string', multiple: true },
        apikey: { type: 'string', multiple: true },
        apisecret: { type: 'string', multiple: true },
        'latency-ms': { type: 'string' },
        'jitter-ms': { type: 'string' },
        'fail-rate': { type: 'string' },
        'fail-modes': { type: 'string' },
        'fault-seed': { type: 'string' },
        quota: { type: 'string' },
        'max-upload-bytes': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return undefined;
  const seed = values.seed ?? 'demo';
  if (seed !== 'demo' && seed !== 'empty')
    throw new CliUsageError(`--seed must be demo or empty (got "${seed}")`);
  const faults: { -readonly [K in keyof FaultSettings]?: FaultSettings[K] } = {};
  const latencyMs = wholeNumber('latency-ms', values['latency-ms'], 0, 600_000);
  if (latencyMs !== undefined) faults.latencyMs = latencyMs;
  const jitterMs = wholeNumber('jitter-ms', values['jitter-ms'], 0, 600_000);
  if (jitterMs !== undefined) faults.jitterMs = jitterMs;
  const failRate = values['fail-rate'];
  if (failRate !== undefined) {
    const rate = Number(failRate);
    if (failRate.trim() === '' || !(rate >= 0 && rate <= 1)) {
      throw new CliUsageError(`--fail-rate must be a number from 0 to 1 (got "${failRate}")`);
    }
    faults.failRate = rate;
  }
  if (values['fail-modes'] !== undefined) {
    try {
      faults.failModes = parseFailModes(values['fail-modes']);
    } catch (error) {
      throw new CliUsageError(`--fail-modes: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const faultSeed = wholeNumber('fault-seed', values['fault-seed'], 0, 2 ** 32 - 1);
  if (faultSeed !== undefined) faults.seed = faultSeed;
  const quotaPerDay = wholeNumber('quota', values.quota, 0);
  const maxUploadBytes = wholeNumber('max-upload-bytes', values['max-upload-bytes'], 1);
  const products = wholeNumber('products', values.products, 0, 10_000_000);
  return {
    port: wholeNumber('port', values.port, 0, 65_535) ?? 8787,
    dataFile: values.data ?? './.tmp/sandbox.sqlite',
    seed,
    stores: stores(values.store ?? [], values.apikey ?? [], values.apisecret ?? []),
    faults,
    ...(quotaPerDay === undefined ? {} : { quotaPerDay }),
    ...(maxUploadBytes === undefined ? {} : { maxUploadBytes }),
    ...(products === undefined ? {} : { products }),
  };
}
