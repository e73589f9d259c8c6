import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src-shared/api/endpoints/index.js';
import { decodeAnswer, type Decoded } from '../../src-main/backoffice/response-decoder.js';

const decode = (name: keyof typeof endpoints, body: unknown): Decoded =>
  decodeAnswer(endpoints[name], typeof body === 'string' ? body : JSON.stringify(body));

function value(decoded: Decoded): unknown {
  if (!decoded.ok) throw new Error(`expected success, got ${decoded.kind} ${decoded.code} ${decoded.text}`);
  return decoded.value;
}

const transfer = { id: 7, status: 'Success', amount: 500, fromPaymentMethodName: 'Cash' };

describe('decoding success answers', () => {
  it('reads a list with a string or numeric resCode, keeping unknown fields', () => {
    for (const resCode of ['200', 200]) {
      const answer = value(
        decode('GetProducts', {
          res: { resCode, resDesc: 'Success' },
          list: [{ id: 1, sku: 'P1', stock: 12, availablestock: '10', futureField: 'kept' }],
          count: 1,
        }),
      );
      expect(answer).toMatchObject({
        res: { resCode: '200' },
        list: [{ id: 1, stock: '12', availablestock: '10', futureField: 'kept' }],
        count: 1,
      });
    }
  });

  it('reads a list whose status sits at the top level', () => {
    expect(value(decode('GetWarehouses', { resCode: '200', list: [], count: 0 }))).toMatchObject({
      res: { resCode: '200' },
      count: 0,
    });
  });

  it('reads a write, top-level or res-wrapped, with its created id', () => {
    expect(value(decode('AddContact', { resCode: '200', resDesc: 'Success', detail: { id: 9 } }))).toEqual({
      resCode: '200',
      resDesc: 'Success',
      detail: { id: 9 },
    });
    expect(value(decode('AddContact', { res: { resCode: 200 }, detail: { id: 9 } }))).toMatchObject({
      resCode: '200',
      detail: { id: 9 },
    });
  });

  it('reads a detail flat, and a detail wrapped as {res, list:[record], count}', () => {
    expect(value(decode('GetMoneyTransferDetail', transfer))).toMatchObject(transfer);
    const wrapped = { res: { resCode: '200', resDesc: 'Success' }, list: [transfer], count: 1 };
    expect(value(decode('GetMoneyTransferDetail', wrapped))).toMatchObject(transfer);
  });

  it('does not mistake a record with its own list of lines for a wrapper', () => {
    const order = { id: 3, number: 'RPO-3', list: [{ sku: 'P1', number: 2 }] };
    expect(value(decode('GetReturnPurchaseOrderDetail', order))).toMatchObject(order);
  });

  it('unwraps a listed detail only where its endpoint row says the spec leaves it open', () => {
    // GetMoneyTransferDetail declares `mayBeListed`; GetMerchantProfile (observed flat) does not, so a
    // wrapper there is a wrong answer, not a record to dig out.
    const profile = { id: 1, name: 'Shop' };
    const wrapped = { res: { resCode: '200', resDesc: 'Success' }, list: [profile], count: 1 };
    expect(decode('GetMerchantProfile', wrapped)).toMatchObject({ ok: false, kind: 'malformed', path: 'id' });
    expect(value(decode('GetMerchantProfile', profile))).toMatchObject(profile);
  });

  it('reads file lists bare or wrapped', () => {
    const files = [{ id: 1, fileName: 'a.pdf', type: 'application/pdf' }];
    expect(value(decode('GetOrderFiles', files))).toEqual(files);
    expect(value(decode('GetOrderFiles', { res: { resCode: '200' }, list: files, count: 1 }))).toEqual(files);
  });
});

describe('decoding failures', () => {
  it('reads the verdict of an HTTP-200 failure, res-wrapped or top-level', () => {
    expect(decode('GetProducts', { res: { resCode: '100', resDesc: 'Access Denied.' } })).toMatchObject({
      ok: false,
      kind: 'auth',
      code: '100',
      text: 'Access Denied.',
    });
    expect(decode('AddIncome', { resCode: 900, resDesc: 'Duplicate uniquenumber' })).toMatchObject({
      kind: 'duplicate',
      code: '900',
    });
    expect(decode('GetOrderFiles', { res: { resCode: '500', resDesc: 'Server error' } })).toMatchObject({
      kind: 'unclear',
    });
  });

  it('names the first bad path of a structurally wrong answer', () => {
    const decoded = decode('GetProducts', {
      res: { resCode: '200' },
      list: [{ id: 1 }, { id: 'two' }],
      count: 2,
    });
    expect(decoded).toMatchObject({
      ok: false,
      kind: 'malformed',
      code: 'SCHEMA_MISMATCH',
      path: 'list[1].id',
    });
    expect(decode('GetWarehouses', { res: { resCode: '200' }, list: 'nope', count: 1 })).toMatchObject({
      kind: 'malformed',
      path: 'list',
    });
    expect(decode('GetMerchantProfile', { name: 'no id' })).toMatchObject({ kind: 'malformed', path: 'id' });
    expect(decode('GetOrderFiles', { something: 'else' })).toMatchObject({ kind: 'malformed' });
  });

  it('reports a wrapped detail with an empty list', () => {
    expect(decode('GetMoneyTransferDetail', { res: { resCode: '200' }, list: [], count: 0 })).toMatchObject({
      kind: 'malformed',
      path: 'list',
    });
  });

  it('reports a body that is not JSON, quoting only its start', () => {
    const decoded = decode('GetWarehouses', `<html>${'x'.repeat(500)}</html>`);
    expect(decoded).toMatchObject({ ok: false, kind: 'malformed', code: 'NOT_JSON', path: '' });
    if (!decoded.ok) expect(decoded.text.length).toBeLessThan(200);
    expect(decode('GetWarehouses', '')).toMatchObject({ kind: 'malformed', code: 'NOT_JSON' });
  });
});
