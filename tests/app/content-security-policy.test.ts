// The CSP builder: one strict policy, parameterised only by what the page needs, refusing input that
// could widen it. (What Chromium does with the policy is in csp-chromium.test.ts.)
import { describe, expect, it } from 'vitest';
import {
  buildContentSecurityPolicy,
  desktopContentSecurityPolicy,
  SVELTE_TRUSTED_TYPES_POLICY,
  webHostContentSecurityPolicy,
} from '../../src-main/app/content-security-policy.js';
import { PDF_WORKER_TRUSTED_TYPES_POLICY } from '../../src-shared/files/pdf-worker-policy.js';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('content security policy', () => {
  it('by default allows only the page itself, and no inline code, eval, frames, forms or plugins', () => {
    expect(buildContentSecurityPolicy()).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
        "media-src 'self'; worker-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('never contains unsafe sources or wildcards, whatever is asked', () => {
    const policy = buildContentSecurityPolicy({
      connectOrigins: ['ws://127.0.0.1:4173'],
      imageOrigins: ['http://127.0.0.1:8787'],
      trustedTypesPolicies: [SVELTE_TRUSTED_TYPES_POLICY],
    });
    expect(policy).not.toMatch(/unsafe-|\*|blob:|filesystem:|'strict-dynamic'/);
  });

  it('adds the connect and image origins the page needs, once each', () => {
    const parsed = directives(
      buildContentSecurityPolicy({
        connectOrigins: ['ws://127.0.0.1:4173', 'ws://127.0.0.1:4173'],
        imageOrigins: ['http://127.0.0.1:8787'],
      }),
    );
    expect(parsed.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:4173']);
    expect(parsed.get('img-src')).toEqual(["'self'", 'data:', 'http://127.0.0.1:8787']);
    expect(parsed.get('script-src')).toEqual(["'self'"]);
  });

  it.each([
    "ws://127.0.0.1:4173; script-src 'unsafe-inline'",
    'ws://127.0.0.1:4173 https://evil.example',
    'https://*.example.com',
    '*',
    "'unsafe-eval'",
    'https://example.com/path',
    'HTTPS://EXAMPLE.COM',
    'javascript:alert(1)',
    'data:',
  ])('refuses an origin that is not scheme://host[:port]: %s', (origin) => {
    expect(() => buildContentSecurityPolicy({ connectOrigins: [origin] })).toThrow(RangeError);
    expect(() => buildContentSecurityPolicy({ imageOrigins: [origin] })).toThrow(RangeError);
  });

  it('refuses a Trusted Types policy name that could inject a directive', () => {
    expect(() =>
      buildContentSecurityPolicy({ trustedTypesPolicies: ["x; script-src 'unsafe-inline'"] }),
    ).toThrow(RangeError);
    expect(() => buildContentSecurityPolicy({ trustedTypesPolicies: ["'allow-duplicates'"] })).toThrow(
      RangeError,
    );
  });

  it('desktop: IPC only, workers from the page, Trusted Types with the Svelte and PDF worker policies', () => {
    const parsed = directives(desktopContentSecurityPolicy());
    expect(parsed.get('connect-src')).toEqual(["'self'"]);
    expect(parsed.get('worker-src')).toEqual(["'self'"]);
    expect(parsed.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(parsed.get('trusted-types')).toEqual([
      SVELTE_TRUSTED_TYPES_POLICY,
      PDF_WORKER_TRUSTED_TYPES_POLICY,
    ]);
  });

  it('web host: the WebSocket back to the page host is named', () => {
    const parsed = directives(webHostContentSecurityPolicy('http://127.0.0.1:4173'));
    expect(parsed.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:4173']);
    expect(parsed.get('default-src')).toEqual(["'none'"]);
    expect(() => webHostContentSecurityPolicy('ws://127.0.0.1:4173')).toThrow(RangeError);
    expect(() => webHostContentSecurityPolicy('http://127.0.0.1:4173/')).toThrow(RangeError);
  });
});
