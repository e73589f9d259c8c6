// A page's read while the app knows the back office is not answering, through the app's calls on a real
// store database and a real sandbox over loopback: the attachments panel's `files.list` tries once and
// shows the saved list at once; believed online it retries a blip as before; the outbox's own reads
// keep their retries. Requests are counted by the sandbox's fault schedule (each request to the endpoint
// takes one fault: a connection reset before anything is read), never by time.
import { describe, expect, it } from 'vitest';
import type { CallValue, OutboxSummary } from '../../src-shared/ipc/index.js';
import { PNG } from '../files/support/files-fixture.js';
import { openSandboxStore, waitForDrained, waitForValue } from './support/app-fixture.js';
import { useAppWithStoreSandbox } from './support/app-in-folder.js';

const STORE = { name: 'readers', apikey: 'readers-key-4471', apisecret: 'readers-secret-9025' };
const running = useAppWithStoreSandbox('stockroom-offline-reads-', { store: STORE, products: 10 });

/** A demo-seeded order: orders have no v4 endpoint of their own, so the page names them by number. */
const ORDER = { kind: 'order', number: 'SO-0001' } as const;

/** The next `count` requests for an order's files are reset before the back office reads them. */
function resetNextFileLists(count: number): void {
  running.sandbox.scheduleFault({ endpoint: 'GetOrderFiles', mode: 'reset', timing: 'before', count });
}

async function listOrderFiles(): Promise<CallValue<'files.list'>> {
  return running.app.ok('files.list', { record: ORDER });
}

async function connectivityState(): Promise<string> {
  return (await running.app.ok('connectivity.status', {})).state;
}

describe('a page read while the back office is known to be unreachable', () => {
  it('tries once and shows the saved list; online, a blip is still retried', async () => {
    await openSandboxStore(running.app, {
      displayName: 'Readers shop',
      baseUrl: running.sandbox.url,
      store: STORE,
    });
    expect((await listOrderFiles()).source).toBe('backOffice');

    // Online: the read takes all three resets (its retries) and falls back to the saved list.
    resetNextFileLists(3);
    const failed = await listOrderFiles();
    expect([failed.source, failed.problem === null]).toEqual(['saved', false]);
    expect(await connectivityState()).toBe('offline');

    // Known unreachable: one request only, so it meets the one reset and does not reach the answer
    // behind it; the next read finds no reset left, answers, and turns the app online.
    resetNextFileLists(1);
    const fast = await listOrderFiles();
    expect([fast.source, fast.problem]).toEqual(['saved', failed.problem]);
    const back = await listOrderFiles();
    expect(back.source).toBe('backOffice');
    expect(await connectivityState()).toBe('online');

    // Online again: one reset is a blip the read retries through.
    resetNextFileLists(1);
    expect((await listOrderFiles()).source).toBe('backOffice');
  });

  it("the outbox's reads keep their retries while the app knows it is offline", async () => {
    const { app } = running;
    resetNextFileLists(3);
    await listOrderFiles();
    expect(await connectivityState()).toBe('offline');

    // The upload reads the order's file list before sending: its first request is reset, and the
    // drainer's client retries it at once rather than putting the upload off.
    resetNextFileLists(1);
    const staged = await app.ok('files.stage', {
      uploadId: null,
      offset: 0,
      chunk: PNG.toString('base64'),
    });
    const attached = await app.ok('files.attach', {
      record: ORDER,
      uploadId: staged.uploadId,
      fileName: 'delivery.png',
    });
    await waitForDrained(app);
    // Every event was checked against its schema when recorded: an outbox.changed payload is a summary.
    const putOff = app.events.filter(
      (event) => event.name === 'outbox.changed' && (event.payload as OutboxSummary).retry > 0,
    );
    expect(putOff).toEqual([]);
    const listed = await waitForValue(app, 'files.list', { record: ORDER }, (list) =>
      list.files.some((file) => file.fileName === attached.fileName && file.sendState === 'sent'),
    );
    expect(listed.source).toBe('backOffice');
  });
});
