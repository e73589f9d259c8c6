// pdf.js's data files in the real renderer build: every standard-font file and CMap of pdfjs-dist, byte
// for byte, under the folders the page names (src-shared/files/pdf-data-files.ts), and served by the app
// protocol (what app://stockroom/ answers) with their types and the security headers.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { desktopContentSecurityPolicy } from '../../src-main/app/content-security-policy.js';
import { APP_ORIGIN, handleAppRequest } from '../../src-main/app/app-protocol.js';
import { PDF_DATA_FOLDERS } from '../../src-shared/files/pdf-data-files.js';
import { PROJECT_ROOT, sharedAppBuild } from './support/build-app.js';

const PDFJS = join(PROJECT_ROOT, 'node_modules', 'pdfjs-dist');
let renderer: string;

beforeAll(async () => {
  renderer = join(await sharedAppBuild(), 'renderer');
}, 180_000);

describe('the renderer build', () => {
  it.each(Object.values(PDF_DATA_FOLDERS))('holds pdfjs-dist/$from as $to', ({ from, to }) => {
    const shipped = readdirSync(join(PDFJS, from)).sort();
    expect(readdirSync(join(renderer, to)).sort()).toEqual(shipped);
    for (const name of shipped) {
      expect(readFileSync(join(renderer, to, name)).equals(readFileSync(join(PDFJS, from, name)))).toBe(true);
    }
  });
});

describe('the app protocol', () => {
  const policy = desktopContentSecurityPolicy();
  it.each([
    [`${PDF_DATA_FOLDERS.standardFonts.to}LiberationSans-Regular.ttf`, 'font/ttf'],
    [`${PDF_DATA_FOLDERS.standardFonts.to}FoxitSymbol.pfb`, 'application/x-font-type1'],
    [`${PDF_DATA_FOLDERS.cMaps.to}90ms-RKSJ-H.bcmap`, 'application/octet-stream'],
  ])('serves %s as %s', async (path, type) => {
    const response = await handleAppRequest(new Request(`${APP_ORIGIN}/${path}`), {
      rootDirectory: renderer,
      contentSecurityPolicy: policy,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(policy);
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(renderer, path)))).toBe(true);
  });
});
