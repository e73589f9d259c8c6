// The client against answers the sandbox never gives, from a tiny node:http server on 127.0.0.1.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { answerWith, closedPort, startOddServer, type OddServer } from './support/odd-server.js';
import { testClient } from './support/client.js';
import { TEST_CREDENTIALS, expectFailure, expectNoSecret } from './support/secrets.js';
import { InMemoryRequestBudgetStore, RequestBudget } from '../../src-main/backoffice/index.js';

const servers: OddServer[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const server of servers.splice(0)) await server.close();
});

async function serve(...args: Parameters<typeof startOddServer>): Promise<OddServer> {
  const server = await startOddServer(...args);
  servers.push(server);
  return server;
}

function clientFor(url: string, options: Parameters<typeof testClient>[1] = {}) {
  const made = testClient(url, options);
  closers.push(() => made.client.close());
  return made;
}

const ok = { res: { resCode: '200', resDesc: 'Success' }, list: [], count: 0 };

describe('what goes on the wire', () => {
  it('sends credentials and list headers, and the query as text', async () => {
    const server = await serve(answerWith(ok));
    const { client } = clientFor(`${server.url}/v4/`);
    await client.call('GetProducts', {
      query: { warehousecode: 'W0001', limit: 500 },
      headers: { productidlist: [11, 12] },
    });
    await client.call('GetProducts', { headers: { skulist: ['P-1', 'P-2'] } });
    const [first, second] = server.requests;
    expect(first).toMatchObject({
      method: 'GET',
      url: '/v4/Product/GetProducts?warehousecode=W0001&limit=500',
    });
    expect(first?.headers).toMatchObject({
      storename: TEST_CREDENTIALS.storename,
      apikey: TEST_CREDENTIALS.apikey,
      apisecret: TEST_CREDENTIALS.apisecret,
      productidlist: '11,12',
      accept: 'application/json',
    });
    expect(second?.headers['skulist']).toBe('P-1,P-2');
  });

  it('keeps connections alive and bounded: twelve requests over at most two sockets', async () => {
    const server = await serve(answerWith(ok));
    const { client } = clientFor(server.url, { connections: 2 });
    await Promise.all(Array.from({ length: 12 }, () => client.call('GetWarehouses')));
    const sockets = new Set(server.requests.map((request) => request.remotePort));
    expect(server.requests).toHaveLength(12);
    expect(sockets.size).toBeLessThanOrEqual(2);
  });

  it('sends a JSON body and an upload as multipart with one part named file', async () => {
    const server = await serve(answerWith({ resCode: '200', resDesc: 'Success' }));
    const { client } = clientFor(server.url);
    const body = { stocks: [{ sku: 'P0001', stock: 10, cost: 100 }] };
    await client.call('UpdateProductStockList', { query: { warehousecode: 'W0001' }, body });
    await client.call('AddOrderFile', {
      number: 'SO-1',
      file: { fileName: 'note.txt', data: new TextEncoder().encode('hello'), type: 'text/plain' },
    });
    const [json, upload] = server.requests;
    expect(json?.url).toBe('/v4/Product/UpdateProductStockList?warehousecode=W0001');
    expect(json?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(json?.body.toString() ?? '')).toEqual(body);
    expect(upload?.url).toBe('/v4/Order/AddOrderFile?number=SO-1');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = upload?.body.toString() ?? '';
    expect(text).toContain('Content-Disposition: form-data; name="file"; filename="note.txt"');
    expect(text).toContain('hello');
  });
});

describe('answers production may give', () => {
  it('reads a numeric resCode and a res/list-wrapped detail', async () => {
    const transfer = { id: 5, status: 'Success', amount: '250.50', futureField: true };
    const server = await serve((request, response) => {
      const body = request.url.includes('Detail')
        ? { res: { resCode: 200, resDesc: 'Success' }, list: [transfer], count: 1 }
        : { res: { resCode: 200, resDesc: 'Success' }, list: [transfer], count: 1 };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const { client } = clientFor(server.url);
    const detail = await client.call('GetMoneyTransferDetail', { id: 5 });
    expect(detail).toMatchObject({ id: 5, amount: 250.5, futureField: true });
    const list = await client.call('GetMoneyTransfers');
    expect(list.res.resCode).toBe('200');
    expect(list.list[0]?.status).toBe('Success');
  });

  it('fails a structurally wrong answer as malformed, naming the endpoint and path, without retrying', async () => {
    const server = await serve(answerWith({ res: { resCode: '200' }, list: [{ id: 'seven' }], count: 1 }));
    const { client } = clientFor(server.url);
    const failure = await expectFailure(client.call('GetWarehouses'), 'malformed');
    expect(failure).toMatchObject({ endpoint: 'GetWarehouses', code: 'SCHEMA_MISMATCH', path: 'list[0].id' });
    expect(failure.message).toContain('GetWarehouses');
    expect(failure.attempts).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('fails a body that is not JSON as malformed; on a write its effect is unknown', async () => {
    const server = await serve(answerWith('<html>Bad gateway page</html>'));
    const { client } = clientFor(server.url);
    const failure = await expectFailure(
      client.call('AddWarehouse', { body: { code: 'W9', name: 'Nine' } }),
      'malformed',
    );
    expect(failure).toMatchObject({ code: 'NOT_JSON', sent: true, effect: 'unknown' });
    expect(failure.text).toContain('Bad gateway page');
  });

  it('reads 900 on a uniquenumber create as already applied', async () => {
    const server = await serve(answerWith({ resCode: '900', resDesc: 'Duplicate uniquenumber: INC-1' }));
    const { client } = clientFor(server.url);
    const failure = await expectFailure(
      client.call('AddIncome', { query: { uniquenumber: 'INC-1' }, body: { amount: 100 } }),
      'duplicate',
    );
    expect(failure).toMatchObject({
      endpoint: 'AddIncome',
      code: '900',
      alreadyApplied: true,
      effect: 'applied',
    });
    const other = await expectFailure(
      client.call('AddContact', { body: { code: 'C1', name: 'A' } }),
      'duplicate',
    );
    expect(other.alreadyApplied).toBe(false);
  });

  it('redacts credentials a server echoes back', async () => {
    const echo = `Invalid API ${TEST_CREDENTIALS.apikey}/${TEST_CREDENTIALS.apisecret}`;
    const server = await serve(answerWith({ res: { resCode: '100', resDesc: echo } }));
    const { client, events } = clientFor(server.url);
    const failure = await expectFailure(client.call('GetWarehouses'), 'auth');
    expect(failure.text).toBe('Invalid API [redacted]/[redacted]');
    expectNoSecret(events);
  });

  it('counts a quota answer, then spends no more requests that Thai day', async () => {
    const server = await serve(
      answerWith({ res: { resCode: '100', resDesc: 'API Request Limits (50000 requests/day)' } }),
    );
    const { client } = clientFor(server.url);
    await expectFailure(client.call('GetWarehouses'), 'quota');
    const local = await expectFailure(client.call('GetWarehouses'), 'quota');
    expect(local).toMatchObject({ code: 'LOCAL_BUDGET_SPENT', sent: false });
    expect(server.requests).toHaveLength(1);
    expect(client.budget.snapshot()).toMatchObject({ used: 1, exhausted: true });
  });

  it('stops at the local limit without reaching the server', async () => {
    const server = await serve(answerWith(ok));
    const budget = new RequestBudget({ store: new InMemoryRequestBudgetStore(), storeKey: 'shop', limit: 2 });
    const { client } = clientFor(server.url, { budget });
    await client.call('GetWarehouses');
    await client.call('GetWarehouses');
    await expectFailure(client.call('GetWarehouses'), 'quota');
    expect(server.requests).toHaveLength(2);
  });
});

describe('transport failures', () => {
  it('classifies a refused connection as not sent, retrying reads but never writes, counting nothing', async () => {
    const port = await closedPort();
    const { client, sleeps } = clientFor(`http://127.0.0.1:${port}`);
    const read = await expectFailure(client.call('GetWarehouses'), 'notSent');
    expect(read).toMatchObject({ code: 'ECONNREFUSED', sent: false, attempts: 3, effect: 'none' });
    expect(sleeps).toEqual([125, 250]);
    const write = await expectFailure(
      client.call('AddWarehouse', { body: { code: 'W', name: 'W' } }),
      'notSent',
    );
    expect(write.attempts).toBe(1);
    expect(client.budget.snapshot().used).toBe(0);
  });

  it('fails calls on a closed client as not sent', async () => {
    const server = await serve(answerWith(ok));
    const { client } = clientFor(server.url);
    await client.close();
    const failure = await expectFailure(
      client.call('AddWarehouse', { body: { code: 'W', name: 'W' } }),
      'notSent',
    );
    expect(failure.code).toBe('CLIENT_CLOSED');
    await client.close();
    expect(server.requests).toHaveLength(0);
  });

  it('classifies HTTP 5xx as unclear (retried for reads) and 404 as a configuration error', async () => {
    const server = await serve((request, response) => {
      const status = request.url.startsWith('/v4/Warehouse') ? 503 : 404;
      response.writeHead(status, { 'content-type': 'text/plain' }).end('upstream unavailable');
    });
    const { client } = clientFor(server.url);
    const unclear = await expectFailure(client.call('GetWarehouses'), 'unclear');
    expect(unclear).toMatchObject({ code: 'HTTP 503', httpStatus: 503, attempts: 3 });
    const auth = await expectFailure(client.call('GetMerchantProfile'), 'auth');
    expect(auth).toMatchObject({ code: 'HTTP 404', attempts: 1 });
    expect(client.budget.snapshot().used).toBe(4);
  });

  it('classifies a server that never answers as unclear after the header timeout', async () => {
    const server = await serve(() => {});
    const { client } = clientFor(server.url, { timeouts: { headersMs: 150 }, retry: { attempts: 1 } });
    const failure = await expectFailure(
      client.call('AddWarehouse', { body: { code: 'W', name: 'W' } }),
      'unclear',
    );
    expect(failure).toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT', sent: true, effect: 'unknown' });
    expect(client.budget.snapshot().used).toBe(1);
  });

  it('classifies a body that stops half way as unclear after the body timeout', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"res":{"resCode":"200"},"list":[');
    });
    const { client } = clientFor(server.url, { timeouts: { bodyMs: 150 }, retry: { attempts: 1 } });
    const failure = await expectFailure(client.call('GetWarehouses'), 'unclear');
    expect(failure.code).toBe('UND_ERR_BODY_TIMEOUT');
  });

  it('classifies a reset after the request was read as unclear', async () => {
    const server = await serve((_request, _response, raw) => raw.socket.resetAndDestroy());
    const { client } = clientFor(server.url);
    const failure = await expectFailure(
      client.call('AddWarehouse', { body: { code: 'W', name: 'W' } }),
      'unclear',
    );
    expect(failure).toMatchObject({ sent: true, attempts: 1, effect: 'unknown' });
  });
});

describe('hooks', () => {
  it('a throwing log hook does not fail the call', async () => {
    const server = await serve(answerWith({ resCode: '200', resDesc: 'Success', detail: { id: 1 } }));
    const { client } = clientFor(server.url, {
      onRequest: () => {
        throw new Error('log file full');
      },
    });
    await expect(client.call('AddWarehouse', { body: { code: 'W', name: 'W' } })).resolves.toMatchObject({
      detail: { id: 1 },
    });
  });
});

describe('secrets', () => {
  it('never show in the client, its errors or its log events', async () => {
    const server = await serve(answerWith(ok));
    const { client, events } = clientFor(server.url);
    await client.call('GetWarehouses');
    expectNoSecret(client);
    expectNoSecret(events);
    expect(String(client)).toBe(`BackofficeClient(${server.url}, store ${TEST_CREDENTIALS.storename})`);
    expect(inspect(client)).toBe(String(client));
    const local = await expectFailure(client.call('GetProductDetail', { id: 0 }), 'permanent');
    expect(local).toMatchObject({ code: 'INVALID_REQUEST', sent: false });
  });
});
