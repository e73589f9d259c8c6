// What the update policy reads before installing at a quit (src-main/updates/work-in-progress.ts),
// through the real API: nothing with no store open, an open count once one is started, and again
// nothing once it is committed.
import { describe, expect, it } from 'vitest';
import { readWorkInProgress } from '../../src-main/updates/work-in-progress.js';
import { waitForFirstSync } from './support/app-fixture.js';
import { useAppInTempFolder } from './support/app-in-folder.js';

const running = useAppInTempFolder('stockroom-work-in-progress-');

describe('work in progress, for the update policy', () => {
  it('is none without a store, an open count while counting, none once committed', async () => {
    const { app } = running;
    expect(await readWorkInProgress(app.services.api)).toEqual({ outboxSending: 0, openCounts: 0 });
    await app.ok('demo.start', {});
    await waitForFirstSync(app);
    const warehouseCode = (await app.ok('catalogue.warehouses', {}))[0]?.code ?? '';
    const session = await app.ok('counting.createSession', { warehouseCode, driftPolicy: 'keepCounted' });
    expect(await readWorkInProgress(app.services.api)).toEqual({ outboxSending: 0, openCounts: 1 });
    const [product] = await app.ok('catalogue.search', { text: 'a', limit: 1 });
    await app.ok('counting.scan', { sessionId: session.id, code: product?.sku ?? '', quantity: 3 });
    await app.ok('counting.commit', { sessionId: session.id });
    expect((await readWorkInProgress(app.services.api))?.openCounts).toBe(0);
  });
});
