// Navigation stays within the app's origin, new windows are never created, and a link reaches the OS
// browser only when it is https on main's allow-list.
import { describe, expect, it, vi } from 'vitest';
import {
  allowNavigation,
  createNavigationGuard,
  externalUrlToOpen,
  originOf,
} from '../../src-main/app/navigation-guard.js';
import { createLogger, createRedactor } from '../../src-main/logging/index.js';

const APP = 'app://stockroom';

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    sinks: [{ write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) }],
    level: 'debug',
    redactor: createRedactor(),
  });
  return { logger, lines };
}

function event() {
  return { preventDefault: vi.fn() };
}

describe('allowNavigation', () => {
  it.each([
    'app://stockroom/index.html',
    'app://stockroom/',
    'app://stockroom/counting/42?tab=review#line-3',
  ])('allows the app origin: %s', (url) => expect(allowNavigation(url, APP)).toBe(true));

  it.each([
    'app://stockroom.evil.example/index.html',
    'app://stockroom:8080/index.html',
    'app://other/index.html',
    'https://stockroom/index.html',
    'http://127.0.0.1:8787/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'about:blank',
    'chrome://settings',
    'devtools://devtools/bundled/inspector.html',
    'not a url',
    '',
  ])('refuses everything else: %s', (url) => expect(allowNavigation(url, APP)).toBe(false));

  it('compares the dev server origin exactly (host and port)', () => {
    expect(allowNavigation('http://localhost:5173/src/main.ts', 'http://localhost:5173')).toBe(true);
    expect(allowNavigation('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
    expect(allowNavigation('http://localhost.evil.example:5173/', 'http://localhost:5173')).toBe(false);
  });

  it('reads an origin from custom schemes too, where URL.origin is "null"', () => {
    expect(new URL('app://stockroom/x').origin).toBe('null');
    expect(originOf('app://stockroom/x')).toBe('app://stockroom');
    expect(originOf('mailto:someone@example.com')).toBeNull();
  });
});

describe('externalUrlToOpen', () => {
  const allowed = ['https://backoffice.example.com'];

  it('opens an https URL whose origin is on the allow-list', () => {
    expect(externalUrlToOpen('https://backoffice.example.com/orders/12?x=1', allowed)).toBe(
      'https://backoffice.example.com/orders/12?x=1',
    );
  });

  it.each([
    'http://backoffice.example.com/orders/12',
    'https://backoffice.example.com.evil.example/',
    'https://evil.example/?https://backoffice.example.com',
    'https://user:pass@backoffice.example.com/',
    'https://backoffice.example.com:8443/',
    'file:///C:/Windows/System32/calc.exe',
    'smb://attacker/share',
    'ms-msdt:/id PCWDiagnostic',
    'mailto:a@b.c',
  ])('refuses anything else: %s', (url) => expect(externalUrlToOpen(url, allowed)).toBeNull());

  it('opens nothing with the default, empty allow-list', () => {
    expect(externalUrlToOpen('https://backoffice.example.com/', [])).toBeNull();
  });
});

describe('navigation guard listeners', () => {
  it('let app navigation through and prevent the rest, logging only the origin', () => {
    const { logger, lines } = recordingLogger();
    const guard = createNavigationGuard({ appOrigin: APP, logger });
    const inside = event();
    guard.onNavigate(inside, 'app://stockroom/counting');
    expect(inside.preventDefault).not.toHaveBeenCalled();

    const outside = event();
    guard.onNavigate(outside, 'https://evil.example/steal?token=abc&session=xyz');
    expect(outside.preventDefault).toHaveBeenCalledOnce();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'Navigation blocked',
        origin: 'https://evil.example',
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('session=xyz');
  });

  it('deny every new window, opening only allow-listed links in the OS browser', () => {
    const { logger } = recordingLogger();
    const openExternal = vi.fn();
    const guard = createNavigationGuard({
      appOrigin: APP,
      externalOrigins: ['https://backoffice.example.com'],
      openExternal,
      logger,
    });
    expect(guard.onWindowOpen({ url: 'https://backoffice.example.com/help' })).toEqual({ action: 'deny' });
    expect(guard.onWindowOpen({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(guard.onWindowOpen({ url: 'app://stockroom/index.html' })).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://backoffice.example.com/help']]);

    const navigation = event();
    guard.onNavigate(navigation, 'https://backoffice.example.com/orders');
    expect(navigation.preventDefault).toHaveBeenCalledOnce();
    expect(openExternal).toHaveBeenLastCalledWith('https://backoffice.example.com/orders');
  });

  it('open nothing outside without an allow-list, and always prevent webviews', () => {
    const { logger } = recordingLogger();
    const openExternal = vi.fn();
    const guard = createNavigationGuard({ appOrigin: APP, openExternal, logger });
    guard.onWindowOpen({ url: 'https://example.com/' });
    guard.onNavigate(event(), 'https://example.com/');
    expect(openExternal).not.toHaveBeenCalled();
    const webview = event();
    guard.onAttachWebview(webview);
    expect(webview.preventDefault).toHaveBeenCalledOnce();
  });

  it('refuse an allow-list entry that is not an https origin', () => {
    const { logger } = recordingLogger();
    for (const origin of [
      'http://example.com',
      'https://example.com/',
      'https://*.example.com',
      'example.com',
    ]) {
      expect(() => createNavigationGuard({ appOrigin: APP, externalOrigins: [origin], logger })).toThrow(
        RangeError,
      );
    }
  });
});
