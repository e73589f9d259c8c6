// The sandbox (the app's embedded demo back office) answers only to its own names, like the web host: a
// page that re-points its own name at 127.0.0.1 (DNS rebinding) sends that name as Host and gets a 403
// before anything is read, with the right credentials too, and without spending the store's quota.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE, startTestSandbox, type TestSandbox } from '../../support/sandbox-harness.js';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 'empty' });
});
afterAll(async () => {
  await sandbox.close();
});

/** A GET to the sandbox on 127.0.0.1 with the Host header given (as a rebinding page's browser sends it). */
function get(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: sandbox.handle.port,
        path,
        method: 'GET',
        setHost: false,
        headers: {
          host,
          storename: DEFAULT_STORE.name,
          apikey: DEFAULT_STORE.apikey,
          apisecret: DEFAULT_STORE.apisecret,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the Host guard', () => {
  it.each(['127.0.0.1', 'localhost', 'LOCALHOST'])(
    'answers a request sent to %s on its port',
    async (name) => {
      const answer = await get('/v4/Warehouse/GetWarehouses', `${name}:${sandbox.handle.port}`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ res: { resCode: '200' } });
    },
  );

  it.each([
    ['a rebinding page', () => `evil.example:${sandbox.handle.port}`],
    ['another port', () => `127.0.0.1:${sandbox.handle.port + 1}`],
    ['no port', () => '127.0.0.1'],
  ])('refuses %s with 403 before anything is read or counted', async (_label, host) => {
    const before = sandbox.handle.quotaUsed(DEFAULT_STORE.name);
    for (const path of ['/v4/Warehouse/GetWarehouses', '/openapi.json', '/images/1/1']) {
      const answer = await get(path, host());
      expect(answer.status, path).toBe(403);
      expect(answer.body).toMatch(/answers only to 127\.0\.0\.1 and localhost/);
    }
    expect(sandbox.handle.quotaUsed(DEFAULT_STORE.name)).toBe(before);
  });
});
