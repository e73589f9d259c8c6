// The accessibility helper itself: it must find a real violation (an image without text, a button
// without a name) on a page with a strict CSP like the app's, and find none once they are fixed.
// Otherwise every "no serious violation" in the e2e tests could pass without checking anything.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe.js';
import { launchChromium, type ChromiumSession } from '../support/chromium.js';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:";
const PAGE = (body: string) =>
  `<!doctype html><html lang="en"><head><title>axe</title></head><body><main>${body}</main></body></html>`;

let server: Server;
let origin: string;
let chromium: ChromiumSession;
let body = '';

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP });
    response.end(PAGE(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  chromium = await launchChromium();
}, 30_000);

afterAll(async () => {
  await chromium?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('checkAccessibility (axe-core in Chromium under a strict CSP)', () => {
  it('reports a nameless button and an image without alt text as serious or critical', async () => {
    body =
      '<h1>Broken</h1><button type="button"></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
    await chromium.page.goto(origin);
    const ids = (await checkAccessibility(chromium.page)).map((violation) => violation.id).sort();
    expect(ids).toEqual(['button-name', 'image-alt']);
  });

  it('reports nothing once they are fixed', async () => {
    body =
      '<h1>Fixed</h1><button type="button">Save</button><img alt="Logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
    await chromium.page.goto(origin);
    expect(await checkAccessibility(chromium.page)).toEqual([]);
  });
});
