// The web host's checks as functions: Host, Origin, token (see src-main/host/request-guard.ts).
import { describe, expect, it } from 'vitest';
import {
  allowedHosts,
  createToken,
  isAllowedHost,
  isAllowedOrigin,
  tokenOfUrl,
  tokensEqual,
} from '../../src-main/host/request-guard.js';

describe('Host header', () => {
  it('accepts 127.0.0.1 and localhost on the host port only', () => {
    expect(allowedHosts(4173)).toEqual(['127.0.0.1:4173', 'localhost:4173']);
    expect(isAllowedHost('127.0.0.1:4173', 4173)).toBe(true);
    expect(isAllowedHost('LOCALHOST:4173', 4173)).toBe(true);
    for (const host of [
      undefined,
      '',
      '127.0.0.1',
      'localhost',
      '127.0.0.1:4174',
      '[::1]:4173',
      'evil.example:4173',
      'localhost.evil.example:4173',
      '127.0.0.1:4173.evil.example',
      '127.0.0.1:4173 ',
    ]) {
      expect(isAllowedHost(host, 4173), String(host)).toBe(false);
    }
  });
});

describe('Origin of a WebSocket upgrade', () => {
  it('must be the origin of the Host the request went to', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4173', '127.0.0.1:4173', 4173)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4173', 'localhost:4173', 4173)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4173', '127.0.0.1:4173', 4173)).toBe(false);
    expect(isAllowedOrigin('https://127.0.0.1:4173', '127.0.0.1:4173', 4173)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:9999', '127.0.0.1:4173', 4173)).toBe(false);
    expect(isAllowedOrigin('null', '127.0.0.1:4173', 4173)).toBe(false);
    expect(isAllowedOrigin(undefined, '127.0.0.1:4173', 4173)).toBe(false);
    expect(isAllowedOrigin('http://evil.example:4173', 'evil.example:4173', 4173)).toBe(false);
  });
});

describe('token', () => {
  it('is 32 random bytes in base64url', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => createToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('compares equal only to itself, whatever the length of the guess', () => {
    const token = createToken();
    expect(tokensEqual(token, token)).toBe(true);
    expect(tokensEqual(`${token}x`, token)).toBe(false);
    expect(tokensEqual(token.slice(0, -1), token)).toBe(false);
    expect(tokensEqual('', token)).toBe(false);
    expect(tokensEqual(undefined, token)).toBe(false);
  });

  it('is read from the query once; a repeated or absent parameter gives none', () => {
    expect(tokenOfUrl('/api?token=abc')).toBe('abc');
    expect(tokenOfUrl('/api?x=1&token=abc')).toBe('abc');
    expect(tokenOfUrl('/api')).toBeUndefined();
    expect(tokenOfUrl('/api?token=a&token=b')).toBeUndefined();
  });
});
