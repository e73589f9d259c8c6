// print.savePdf through the real contract and app services: where the shell gives a PDF maker (the
// desktop app: app/pdf-saver.ts, which needs Electron and is stood in for here) the call hands it the
// suggested name and answers where the file went or that the person cancelled; without one (the web
// host) it answers `available: false`, so the page prints instead; an empty name is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryCredentialStore } from '../../src-main/credentials/in-memory-credential-store.js';
import { silentLogger } from '../../src-main/logging/index.js';
import type { PdfSaver } from '../../src-main/printing/index.js';
import { startAppServices, type AppServices } from '../../src-main/services/index.js';
import { tempFolder } from '../services/support/app-fixture.js';

const running: Array<{ services: AppServices; remove(): void }> = [];

async function start(pdfSaver?: PdfSaver): Promise<AppServices> {
  const folder = tempFolder('stockroom-print-');
  const services = await startAppServices({
    userDataDir: folder.path,
    credentialStore: new InMemoryCredentialStore(),
    logger: silentLogger,
    ...(pdfSaver === undefined ? {} : { pdfSaver }),
  });
  running.push({ services, remove: folder.remove });
  return services;
}

afterEach(async () => {
  for (const { services, remove } of running.splice(0)) {
    await services.stop();
    remove();
  }
});

describe('print.savePdf', () => {
  it('is unavailable without the shell’s PDF maker', async () => {
    const services = await start();
    expect(await services.api.call('print.savePdf', { fileName: 'ใบเสร็จรับเงิน RC-1.pdf' }, 'web')).toEqual({
      ok: true,
      value: { available: false, saved: false, path: null },
    });
  });

  it('hands the name to the shell and answers where the file went, or that it was not saved', async () => {
    const names: string[] = [];
    let cancel = false;
    const services = await start({
      save(fileName) {
        names.push(fileName);
        return Promise.resolve(
          cancel ? { saved: false, path: null } : { saved: true, path: `/docs/${fileName}` },
        );
      },
    });
    expect(await services.api.call('print.savePdf', { fileName: 'Count sheet A.pdf' }, 'web')).toEqual({
      ok: true,
      value: { available: true, saved: true, path: '/docs/Count sheet A.pdf' },
    });
    cancel = true;
    expect(await services.api.call('print.savePdf', { fileName: 'B.pdf' }, 'web')).toEqual({
      ok: true,
      value: { available: true, saved: false, path: null },
    });
    const refused = await services.api.call('print.savePdf', { fileName: ' ' }, 'web');
    expect(refused.ok === false && refused.error.code).toBe('invalid-arguments');
    expect(names).toEqual(['Count sheet A.pdf', 'B.pdf']);
  });
});
