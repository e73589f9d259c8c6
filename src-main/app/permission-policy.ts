// Every permission the page asks for is denied: the renderer needs none (scanners are keyboards, sound is
// Web Audio, files and the clipboard go through main over IPC). Electron grants every permission unless
// the session has handlers, so the shell sets both the request and the check handler to this policy.
// Each request is logged with what was asked (origin only, never a full URL); checks, which Chromium
// makes often, are logged once per permission and origin.
import type { Logger } from '../logging/index.js';
import { originOf } from './navigation-guard.js';

export interface PermissionAsk {
  permission: string;
  origin: string;
  requests: number;
  checks: number;
}

/** Details Electron passes with a request that are worth a log line (no URL paths, no file names). */
export interface PermissionRequestDetails {
  requestingUrl?: string;
  mediaTypes?: readonly string[];
  externalURL?: string;
}

export interface PermissionPolicy {
  /** For `setPermissionRequestHandler`: the answer to pass to the callback (always false). */
  request(permission: string, details: PermissionRequestDetails): false;
  /** For `setPermissionCheckHandler`: always false. */
  check(permission: string, requestingOrigin: string): false;
  /** For `setDevicePermissionHandler` (HID, serial, USB): always false. */
  device(deviceType: string, origin: string): false;
  /** What was asked so far, by permission and origin. */
  asked(): PermissionAsk[];
}

export function createPermissionPolicy(logger: Logger): PermissionPolicy {
  const asks = new Map<string, PermissionAsk>();

  function record(permission: string, origin: string, kind: 'requests' | 'checks'): PermissionAsk {
    const key = `${permission}\u0000${origin}`;
    let ask = asks.get(key);
    if (ask === undefined) {
      ask = { permission, origin, requests: 0, checks: 0 };
      asks.set(key, ask);
    }
    ask[kind] += 1;
    return ask;
  }

  function check(permission: string, requestingOrigin: string): false {
    const origin = originOf(requestingOrigin) ?? (requestingOrigin === '' ? 'unknown' : 'opaque');
    const ask = record(permission, origin, 'checks');
    if (ask.checks === 1) logger.debug('Permission check denied', { permission, origin });
    return false;
  }

  return {
    request(permission, details) {
      const origin = originOf(details.requestingUrl ?? '') ?? 'unknown';
      const ask = record(permission, origin, 'requests');
      const fields: Record<string, unknown> = { permission, origin, times: ask.requests };
      if (details.mediaTypes !== undefined && details.mediaTypes.length > 0)
        fields['mediaTypes'] = details.mediaTypes;
      if (details.externalURL !== undefined) {
        fields['externalScheme'] = /^([a-z][a-z0-9+.-]*):/i.exec(details.externalURL)?.[1] ?? 'unknown';
      }
      logger.warn('Permission request denied', fields);
      return false;
    },
    check,
    device: (deviceType, origin) => check(`device:${deviceType}`, origin),
    asked: () => [...asks.values()].map((ask) => ({ ...ask })),
  };
}
