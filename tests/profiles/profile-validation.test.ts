// What a person may type for a profile, how it is normalised, and that no refusal repeats a secret.
import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from '../../src-main/profiles/index.js';
import { validateChanges, validateNewProfile } from '../../src-main/profiles/profile-validation.js';

const valid = {
  displayName: '  ร้านสาขาลาดพร้าว  ',
  baseUrl: 'https://api.example.co.th/v4/',
  storename: ' shop-1 ',
  apikey: ' key-123\n',
  apisecret: '\tsecret-456 ',
};

describe('the back-office address', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com/v4', 'https://api.example.com'],
    ['https://api.example.com/v4/', 'https://api.example.com'],
    ['https://api.example.com/V4', 'https://api.example.com'],
    ['  HTTPS://API.Example.com/api/v4  ', 'https://api.example.com/api'],
    ['http://127.0.0.1:8080/v4', 'http://127.0.0.1:8080'],
    ['http://LOCALHOST:8080/', 'http://localhost:8080'],
    ['http://[::1]:8080/v4', 'http://[::1]:8080'],
    ['https://api.example.com/v4?x=1#top', 'https://api.example.com'],
  ])('%s → %s', (typed, stored) => {
    expect(normaliseBaseUrl(typed)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['', /Enter the back office's address/],
    ['api.example.com', /must start with https:\/\//],
    ['ftp://api.example.com', /must be http or https/],
    ['https://user:pw@api.example.com', /must not contain a user name or password/],
    ['https://exa mple.com', /not a web address/],
    ['http://api.example.com', /Plain http:\/\/ is allowed only for this PC itself.*unencrypted/],
    ['http://192.168.1.20:8080/v4', /only for this PC itself/],
    ['http://localhost.example.com', /only for this PC itself/],
  ])('refuses %j', (typed, message) => {
    const result = normaliseBaseUrl(typed);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('does not repeat what was typed (it could be a secret pasted into the wrong field)', () => {
    const result = normaliseBaseUrl('sk_live_0123456789abcdef');
    expect(JSON.stringify(result)).not.toContain('sk_live');
  });
});

describe('a new profile', () => {
  it('is trimmed and normalised; kind defaults to store; an empty warehouse code means none', () => {
    expect(validateNewProfile({ ...valid, defaultWarehouseCode: '  ' })).toEqual({
      ok: true,
      value: {
        displayName: 'ร้านสาขาลาดพร้าว',
        baseUrl: 'https://api.example.co.th',
        storename: 'shop-1',
        defaultWarehouseCode: undefined,
        kind: 'store',
        apikey: 'key-123',
        apisecret: 'secret-456',
      },
    });
  });

  it('names every field that is missing, at once', () => {
    const result = validateNewProfile({
      displayName: ' ',
      baseUrl: '',
      storename: '',
      apikey: '',
      apisecret: '',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.map((issue) => issue.field)).toEqual([
        'displayName',
        'baseUrl',
        'storename',
        'apikey',
        'apisecret',
      ]);
    }
  });

  it('refuses secrets with inner spaces, control or non-ASCII characters, or too long, without quoting them', () => {
    for (const apikey of [
      'abc def-SECRETVALUE',
      'abc\u0000SECRETVALUE',
      'คีย์SECRETVALUE',
      'SECRETVALUE'.repeat(100),
    ]) {
      const result = validateNewProfile({ ...valid, apikey });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.issues).toEqual([{ field: 'apikey', message: expect.stringMatching(/API key/) }]);
        expect(JSON.stringify(result)).not.toContain('SECRETVALUE');
      }
    }
  });

  it('refuses a store name that cannot travel in an HTTP header, and an unknown kind', () => {
    const result = validateNewProfile({ ...valid, storename: 'ร้าน', kind: 'other' as 'store' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.field)).toEqual(['storename', 'kind']);
  });
});

describe('changes to a profile', () => {
  it('keeps only what was given; null clears the warehouse code', () => {
    expect(validateChanges({ displayName: ' New ', defaultWarehouseCode: null })).toEqual({
      ok: true,
      value: { fields: { displayName: 'New', defaultWarehouseCode: undefined } },
    });
    expect(validateChanges({ apisecret: ' s2 ' })).toEqual({
      ok: true,
      value: { fields: {}, apisecret: 's2' },
    });
  });

  it('refuses an empty value for a field that was given', () => {
    const result = validateChanges({ storename: '  ', apikey: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.field)).toEqual(['storename', 'apikey']);
  });
});
