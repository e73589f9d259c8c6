// Secrets never reach a log line: registered values wherever they appear, secret-named keys whatever they
// hold, URL passwords and secret query values.
import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretKey, REDACTED } from '../../src-main/logging/index.js';

const API_KEY = 'k3y-8f2a-9c41';
const API_SECRET = 'sëcret/with "quotes" & spaces+plus';

function redactorWithSecrets() {
  const redactor = createRedactor();
  redactor.registerSecret(API_KEY);
  redactor.registerSecret(API_SECRET);
  return redactor;
}

describe('registered secret values', () => {
  it('are replaced inside messages, as often as they appear', () => {
    const redactor = redactorWithSecrets();
    expect(redactor.redactText(`key ${API_KEY} and again ${API_KEY}.`)).toBe(
      `key ${REDACTED} and again ${REDACTED}.`,
    );
    expect(redactor.redactText(`secret=${API_SECRET};`)).toBe(`secret=${REDACTED};`);
  });

  it('are replaced in their URL-encoded and JSON-escaped forms', () => {
    const redactor = redactorWithSecrets();
    const encoded = encodeURIComponent(API_SECRET);
    const form = new URLSearchParams({ s: API_SECRET }).toString();
    const json = JSON.stringify({ body: API_SECRET });
    for (const text of [`https://host/x?s=${encoded}`, form, json]) {
      const redacted = redactor.redactText(text);
      expect(redacted).toContain(REDACTED);
      expect(redacted).not.toContain('quotes');
    }
  });

  it('are replaced in nested objects, arrays, maps, sets and keys', () => {
    const redactor = redactorWithSecrets();
    const value = {
      request: { headers: [{ name: 'x', value: `Bearer ${API_KEY}` }], note: 'fine' },
      seen: new Set([API_KEY]),
      byKey: new Map([[API_KEY, 'value']]),
      [`weird ${API_KEY} key`]: 1,
    };
    const redacted = JSON.stringify(redactor.redactValue(value));
    expect(redacted).not.toContain(API_KEY);
    expect(redacted).toContain('fine');
    expect(redacted).toContain(`Bearer ${REDACTED}`);
  });

  it('are replaced in an error message and stack, its cause and its own fields', () => {
    const redactor = redactorWithSecrets();
    const cause = new Error(`connect refused with apisecret ${API_SECRET}`);
    const error = Object.assign(new Error(`request failed for ${API_KEY}`, { cause }), {
      kind: 'auth',
      sent: API_KEY,
    });
    const plain = redactor.redactValue({ error }) as { error: Record<string, unknown> };
    expect(plain.error['name']).toBe('Error');
    expect(plain.error['message']).toBe(`request failed for ${REDACTED}`);
    expect(plain.error['stack']).toContain(`request failed for ${REDACTED}`);
    expect(plain.error['kind']).toBe('auth');
    const serialized = JSON.stringify(plain);
    expect(serialized).not.toContain(API_KEY);
    expect(serialized).not.toContain('quotes');
    expect(serialized).toContain('connect refused');
  });

  it('ignores values too short to be a secret, and registering twice', () => {
    const redactor = createRedactor();
    redactor.registerSecret('1');
    redactor.registerSecret('abc');
    redactor.registerSecret('abcd');
    redactor.registerSecret('abcd');
    expect(redactor.redactText('1 abc abcd')).toBe(`1 abc ${REDACTED}`);
  });

  it('replaces a longer secret whole when a shorter one is part of it', () => {
    const redactor = createRedactor();
    redactor.registerSecret('abcd');
    redactor.registerSecret('abcdefgh');
    expect(redactor.redactText('x abcdefgh y abcd')).toBe(`x ${REDACTED} y ${REDACTED}`);
  });

  it('treats regular-expression characters in a secret literally', () => {
    const redactor = createRedactor();
    redactor.registerSecret('a.b*c(d)');
    expect(redactor.redactText('a.b*c(d) axbbbcd')).toBe(`${REDACTED} axbbbcd`);
  });
});

describe('secret-named keys', () => {
  it.each([
    'apikey',
    'apiKey',
    'API_KEY',
    'apisecret',
    'api-secret',
    'password',
    'token',
    'accessToken',
    'storePassword',
  ])('%s is a secret key', (key) => expect(isSecretKey(key)).toBe(true));

  it.each(['message', 'storename', 'tokens_used_count', 'warehouse', 'secretary_name'])('%s is not', (key) =>
    expect(isSecretKey(key)).toBe(false),
  );

  it('have their values redacted whatever they hold, at any depth', () => {
    const redactor = createRedactor();
    const redacted = redactor.redactValue({
      storename: 'demo',
      apikey: 'never-registered-key',
      nested: { deeper: [{ apisecret: { even: 'objects' } }, { password: 12345 }] },
      headers: new Map([['token', 'abc-123-token']]),
    });
    expect(redacted).toEqual({
      storename: 'demo',
      apikey: REDACTED,
      nested: { deeper: [{ apisecret: REDACTED }, { password: REDACTED }] },
      headers: [['token', REDACTED]],
    });
  });
});

describe('URLs', () => {
  it('lose the password of their user info', () => {
    const redactor = createRedactor();
    expect(redactor.redactText('GET https://clerk:hunter2@backoffice.example/v4/x failed')).toBe(
      `GET https://clerk:${REDACTED}@backoffice.example/v4/x failed`,
    );
  });

  it('lose the values of secret-named query parameters and keep the others', () => {
    const redactor = createRedactor();
    expect(redactor.redactText('http://127.0.0.1:8787/v4/List?page=2&apikey=abc&token=t0k#top')).toBe(
      `http://127.0.0.1:8787/v4/List?page=2&apikey=${REDACTED}&token=${REDACTED}#top`,
    );
  });

  it('keep their host and port', () => {
    const redactor = createRedactor();
    const text = 'http://127.0.0.1:8787/v4/Warehouse/GetWarehouses?limit=2';
    expect(redactor.redactText(text)).toBe(text);
  });

  it('are redacted as URL objects and in error messages', () => {
    const redactor = redactorWithSecrets();
    const url = new URL(`https://host/v4/x?apisecret=${encodeURIComponent(API_SECRET)}&key=${API_KEY}`);
    const redacted = JSON.stringify(
      redactor.redactValue({ url, error: new TypeError(`fetch failed: ${url.href}`) }),
    );
    expect(redacted).not.toContain(API_KEY);
    expect(redacted).not.toContain('quotes');
    expect(redacted).toContain('https://host/v4/x?apisecret=');
  });
});

describe('any value becomes JSON-safe', () => {
  it('handles cycles, depth, bigint, dates, bytes, functions and non-finite numbers', () => {
    const redactor = createRedactor();
    const cyclic: Record<string, unknown> = { name: 'root' };
    cyclic['self'] = cyclic;
    let deep: Record<string, unknown> = { leaf: true };
    for (let index = 0; index < 12; index++) deep = { deep };
    const redacted = redactor.redactValue({
      cyclic,
      deep,
      big: 12n,
      when: new Date('2026-11-21T03:00:00.000Z'),
      bytes: new Uint8Array(3),
      callback: function named() {},
      notANumber: Number.NaN,
    }) as Record<string, unknown>;
    expect(redacted['cyclic']).toEqual({ name: 'root', self: '[circular]' });
    expect(JSON.stringify(redacted['deep'])).toContain('[nested too deep]');
    expect(redacted['big']).toBe('12');
    expect(redacted['when']).toBe('2026-11-21T03:00:00.000Z');
    expect(redacted['bytes']).toBe('[3 bytes]');
    expect(redacted['callback']).toBe('[function named]');
    expect(redacted['notANumber']).toBe('NaN');
  });

  it('serializes a shared (non-cyclic) object each time it appears', () => {
    const shared = { id: 1 };
    expect(createRedactor().redactValue({ a: shared, b: shared })).toEqual({ a: { id: 1 }, b: { id: 1 } });
  });

  it('cuts very long strings', () => {
    const text = createRedactor().redactText('x'.repeat(20_000));
    expect(text.length).toBeLessThan(16_500);
    expect(text).toMatch(/more characters\]$/);
  });
});
