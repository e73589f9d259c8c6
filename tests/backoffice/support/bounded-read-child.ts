// One call in a fresh process, against the flood server of bounded-answers.test.ts: prints the outcome
// and how far this process's memory rose above where it stood before the call. Run with --expose-gc, so
// the baseline is taken after a collection; memory is sampled every millisecond while the call runs.
import { BackofficeClient, isBackofficeFailure } from '../../../src-main/backoffice/index.js';
import { attachmentCalls } from '../../../src-main/backoffice/attachment-calls.js';
import { runConnectionTest } from '../../../src-main/profiles/connection-test.js';
import { TEST_CREDENTIALS } from './secrets.js';

export type FloodedCall = 'connectionTest' | 'list' | 'detail' | 'fileDownload';

const [url = '', call = ''] = process.argv.slice(2);
const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with node --expose-gc');

const client = new BackofficeClient({ baseUrl: url, credentials: TEST_CREDENTIALS, retry: { attempts: 1 } });

async function run(which: string): Promise<unknown> {
  try {
    switch (which) {
      case 'connectionTest':
        return await runConnectionTest({
          baseUrl: url,
          storename: TEST_CREDENTIALS.storename,
          secrets: { apikey: TEST_CREDENTIALS.apikey, apisecret: TEST_CREDENTIALS.apisecret },
        });
      case 'list':
        return await client.call('GetProducts');
      case 'detail':
        return await client.call('GetContactDetail', { id: 1 });
      case 'fileDownload':
        return await attachmentCalls.order.detail(client, { id: 1 }, 7);
      default:
        throw new Error(`no such call: ${which}`);
    }
  } catch (error) {
    if (!isBackofficeFailure(error)) throw error;
    return { kind: error.kind, code: error.code, text: error.text };
  }
}

// Warm up first (undici compiles its HTTP parser on the first request): the flood server answers
// GetWarehouses with an empty list.
await client.call('GetWarehouses');
collect();
const before = process.memoryUsage();
let peakRss = before.rss;
let peakArrayBuffers = before.arrayBuffers;
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
}, 1);
const outcome = await run(call);
clearInterval(sampler);
const after = process.memoryUsage();
peakRss = Math.max(peakRss, after.rss);
peakArrayBuffers = Math.max(peakArrayBuffers, after.arrayBuffers);
await client.close();
const MiB = 1024 * 1024;
process.stdout.write(
  `${JSON.stringify({
    outcome,
    rssRiseMiB: (peakRss - before.rss) / MiB,
    arrayBuffersRiseMiB: (peakArrayBuffers - before.arrayBuffers) / MiB,
  })}\n`,
);
