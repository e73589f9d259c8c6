import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '../../src-shared/api/endpoints/index.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-harness.js';

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('routes outside /v4/ that need no credentials', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ products: 3 });
  });
  afterAll(() => sandbox.close());

  it('serves the OpenAPI document of every operation, naming the address it was read from', async () => {
    const answer = await sandbox.request('GET', '/openapi.json', { as: false });
    expect(answer.status).toBe(200);
    const document = answer.body as { openapi: string; servers: { url: string }[]; paths: object };
    expect(document.openapi).toMatch(/^3\.1/);
    expect(document.servers[0]?.url).toBe(sandbox.url);
    expect(Object.keys(document.paths)).toHaveLength(endpointList.length);
  });

  it('serves an uploaded product image at its imagepath, byte for byte, and 404 for others', async () => {
    const products = await sandbox.call('GetProducts', { query: { limit: 1 } });
    const productId = (products.body as { list: { id: number }[] }).list[0]?.id;
    expect(productId).toBeDefined();
    const upload = await sandbox.call('UpdateProductImage', {
      query: { id: productId },
      file: { fileName: 'dot.png', mimeType: 'image/png', data: PNG },
    });
    expect(upload.body).toMatchObject({ resCode: '200' });
    const detail = await sandbox.call('GetProductDetail', { query: { id: productId } });
    const imagepath = (detail.body as { imagepath: string }).imagepath;
    expect(imagepath).toMatch(/^\/images\/\d+\/\d+$/);

    const image = await fetch(new URL(imagepath, sandbox.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await sandbox.request('GET', '/images/999/999', { as: false })).status).toBe(404);
  });
});
