// Every permission is denied, and what was asked is logged (origin only) and listed.
import { describe, expect, it } from 'vitest';
import { createPermissionPolicy } from '../../src-main/app/permission-policy.js';
import { createLogger, createRedactor } from '../../src-main/logging/index.js';

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    sinks: [{ write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) }],
    level: 'debug',
    redactor: createRedactor(),
  });
  return { logger, lines };
}

// Every permission name Electron 45's session handlers can be asked about.
const PERMISSIONS = [
  'clipboard-read',
  'clipboard-sanitized-write',
  'display-capture',
  'fileSystem',
  'fullscreen',
  'geolocation',
  'hid',
  'idle-detection',
  'keyboardLock',
  'local-fonts',
  'media',
  'mediaKeySystem',
  'midi',
  'midiSysex',
  'notifications',
  'openExternal',
  'pointerLock',
  'screen-wake-lock',
  'serial',
  'storage-access',
  'usb',
  'window-management',
  'unknown',
];

describe('permission policy', () => {
  it.each(PERMISSIONS)('denies a request for %s', (permission) => {
    const { logger } = recordingLogger();
    const policy = createPermissionPolicy(logger);
    expect(policy.request(permission, { requestingUrl: 'app://stockroom/index.html' })).toBe(false);
    expect(policy.check(permission, 'app://stockroom')).toBe(false);
  });

  it('denies device access (scanners are keyboards, not HID/serial/USB devices)', () => {
    const { logger } = recordingLogger();
    const policy = createPermissionPolicy(logger);
    for (const device of ['hid', 'serial', 'usb'])
      expect(policy.device(device, 'app://stockroom')).toBe(false);
  });

  it('logs each request with what was asked, never a full URL', () => {
    const { logger, lines } = recordingLogger();
    const policy = createPermissionPolicy(logger);
    policy.request('media', {
      requestingUrl: 'app://stockroom/counting/42?token=abc',
      mediaTypes: ['video', 'audio'],
    });
    policy.request('openExternal', {
      requestingUrl: 'app://stockroom/index.html',
      externalURL: 'ms-settings:privacy?secret=1',
    });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'Permission request denied',
        permission: 'media',
        origin: 'app://stockroom',
        mediaTypes: ['video', 'audio'],
        times: 1,
      }),
      expect.objectContaining({ permission: 'openExternal', externalScheme: 'ms-settings' }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/token=abc|secret=1|counting/);
  });

  it('logs a check once per permission and origin, and lists everything asked', () => {
    const { logger, lines } = recordingLogger();
    const policy = createPermissionPolicy(logger);
    for (let index = 0; index < 5; index++) policy.check('fullscreen', 'app://stockroom');
    policy.check('notifications', 'app://stockroom');
    policy.request('notifications', { requestingUrl: 'app://stockroom/' });
    policy.request('notifications', { requestingUrl: 'app://stockroom/' });
    expect(lines.filter((line) => line['message'] === 'Permission check denied')).toHaveLength(2);
    expect(policy.asked()).toEqual([
      { permission: 'fullscreen', origin: 'app://stockroom', requests: 0, checks: 5 },
      { permission: 'notifications', origin: 'app://stockroom', requests: 2, checks: 1 },
    ]);
  });

  it('keeps working when Electron passes no requesting URL or an opaque origin', () => {
    const { logger } = recordingLogger();
    const policy = createPermissionPolicy(logger);
    expect(policy.request('unknown', {})).toBe(false);
    expect(policy.check('unknown', '')).toBe(false);
    expect(policy.check('unknown', 'null')).toBe(false);
    expect(policy.asked().map((ask) => ask.origin)).toEqual(['unknown', 'opaque']);
  });
});
