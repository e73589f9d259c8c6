import { errors as undiciErrors } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  classifyHttpStatus,
  classifyResult,
  classifyTransportError,
} from '../../src-main/backoffice/failure-classification.js';
import { createFailure, type FailureKind } from '../../src-main/backoffice/failure.js';

function systemError(code: string, syscall?: string): Error {
  return Object.assign(new Error(`${syscall ?? 'read'} ${code}`), { code, ...(syscall ? { syscall } : {}) });
}

describe('classifying result codes and texts (HTTP 200 bodies)', () => {
  it.each<[string, string, FailureKind | undefined]>([
    ['200', 'Success', undefined],
    ['500', 'Internal error', 'unclear'],
    ['700', 'Not enough inventory: P0001', 'permanent'],
    ['900', 'Duplicate uniquenumber', 'duplicate'],
    ['100', 'Invalid API', 'auth'],
    ['100', 'invalid api ', 'auth'],
    ['100', 'Access Denied.', 'auth'],
    ['100', 'API Request Limits (50000 requests/day)', 'quota'],
    ['100', 'Invalid ID.', 'permanent'],
    ['100', 'stocks[0].sku is required when productid is 0 or absent', 'permanent'],
    ['600', 'shipping code outside our scope', 'permanent'],
  ])('%s "%s" → %s', (code, text, kind) => {
    expect(classifyResult(code, text)).toBe(kind);
  });
});

describe('classifying HTTP statuses', () => {
  it.each<[number, FailureKind | undefined]>([
    [200, undefined],
    [204, undefined],
    [302, 'auth'],
    [400, 'permanent'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'auth'],
    [405, 'auth'],
    [408, 'unclear'],
    [413, 'permanent'],
    [429, 'quota'],
    [500, 'unclear'],
    [502, 'unclear'],
    [503, 'unclear'],
  ])('%d → %s', (status, kind) => {
    expect(classifyHttpStatus(status)).toBe(kind);
  });
});

describe('classifying transport errors', () => {
  it.each<[string, Error, FailureKind]>([
    ['connection refused', systemError('ECONNREFUSED', 'connect'), 'notSent'],
    ['DNS failure', systemError('ENOTFOUND', 'getaddrinfo'), 'notSent'],
    ['DNS try again', systemError('EAI_AGAIN', 'getaddrinfo'), 'notSent'],
    ['OS connect timeout', systemError('ETIMEDOUT', 'connect'), 'notSent'],
    ['undici connect timeout', new undiciErrors.ConnectTimeoutError(), 'notSent'],
    ['a closed client', new undiciErrors.ClientClosedError(), 'notSent'],
    ['header timeout', new undiciErrors.HeadersTimeoutError(), 'unclear'],
    ['body timeout', new undiciErrors.BodyTimeoutError(), 'unclear'],
    ['socket closed by the other side', new undiciErrors.SocketError('other side closed'), 'unclear'],
    ['reset while reading', systemError('ECONNRESET', 'read'), 'unclear'],
    ['an error nobody expected', new Error('surprise'), 'unclear'],
    ['a header undici cannot send', new undiciErrors.InvalidArgumentError('invalid header'), 'permanent'],
  ])('%s → %s', (_label, error, kind) => {
    expect(classifyTransportError(error).kind).toBe(kind);
  });

  it('looks into AggregateError (dual-stack connects) and cause', () => {
    const refused = new AggregateError([systemError('ECONNREFUSED', 'connect')], '');
    expect(classifyTransportError(refused)).toMatchObject({ kind: 'notSent', code: 'ECONNREFUSED' });
    const wrapped = new Error('fetch failed', { cause: systemError('ENOTFOUND', 'getaddrinfo') });
    expect(classifyTransportError(wrapped)).toMatchObject({ kind: 'notSent', code: 'ENOTFOUND' });
    expect(classifyTransportError('not even an error')).toMatchObject({ kind: 'unclear', code: 'UNKNOWN' });
  });
});

describe('failure classes', () => {
  const details = {
    endpoint: 'AddIncome',
    code: '900',
    text: 'Duplicate uniquenumber',
    sent: true,
    write: true,
  };

  it('say what a write failure means for its effect', () => {
    expect(createFailure('duplicate', details, { idempotent: true })).toMatchObject({
      kind: 'duplicate',
      alreadyApplied: true,
      effect: 'applied',
    });
    expect(createFailure('duplicate', details, { idempotent: false }).effect).toBe('none');
    expect(createFailure('unclear', details).effect).toBe('unknown');
    expect(createFailure('unclear', { ...details, write: false }).effect).toBe('none');
    expect(createFailure('malformed', details, { path: 'detail.id' })).toMatchObject({
      path: 'detail.id',
      effect: 'unknown',
    });
    expect(createFailure('notSent', { ...details, sent: false }).effect).toBe('none');
  });

  it('carry endpoint, code and text in the message and in JSON', () => {
    const failure = createFailure('permanent', { ...details, code: '100', text: 'Invalid ID.' });
    expect(failure).toBeInstanceOf(Error);
    expect(failure.name).toBe('PermanentError');
    expect(failure.message).toBe('AddIncome failed (permanent): 100 Invalid ID.');
    expect(JSON.parse(JSON.stringify(failure))).toMatchObject({
      kind: 'permanent',
      endpoint: 'AddIncome',
      code: '100',
      text: 'Invalid ID.',
      sent: true,
      attempts: 1,
    });
  });
});
