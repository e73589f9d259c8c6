// The Windows installer's firewall rule for the live count (decision 0013): electron-builder.yml names
// the NSIS include, and the include adds an inbound rule for private networks only on install and
// deletes it on uninstall, on the port the app listens on. The installer itself cannot run here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIVE_PORT } from '../../src-main/live-count/live-count.service.js';
import { PROJECT_ROOT } from './support/build-app.js';

let config: Configuration;
let script: string;

beforeAll(async () => {
  config = await getConfig(PROJECT_ROOT, null, null);
  const include = config.nsis?.include;
  script = typeof include === 'string' ? readFileSync(join(PROJECT_ROOT, include), 'utf8') : '';
});

/** The body of `!macro name` … `!macroend`, comments dropped, defines filled in. */
function macro(name: string): string {
  const defines = new Map(
    [...script.matchAll(/^!define\s+(\w+)\s+"([^"]*)"/gm)].map((match) => [match[1] ?? '', match[2] ?? '']),
  );
  const body = new RegExp(`^!macro ${name}\\s*$([\\s\\S]*?)^!macroend`, 'm').exec(script)?.[1] ?? '';
  return body
    .split('\n')
    .filter((line) => !line.trim().startsWith(';'))
    .join('\n')
    .replace(/\$\{(\w+)\}/g, (whole, key: string) => defines.get(key) ?? whole);
}

function netshCommands(body: string, verb: 'add' | 'delete'): string[] {
  return [...body.matchAll(/'netsh advfirewall firewall (add|delete) rule ([^']*)'/g)]
    .filter((match) => match[1] === verb)
    .map((match) => match[2] ?? '');
}

describe('the installer’s firewall rule', () => {
  it('is an NSIS include that electron-builder.yml names', () => {
    expect(config.nsis?.include).toBe('resources/installer.nsh');
    expect(existsSync(join(PROJECT_ROOT, 'resources/installer.nsh'))).toBe(true);
  });

  it('adds an inbound rule on install for the private profile only, on the live port', () => {
    const [add, ...more] = netshCommands(macro('customInstall'), 'add');
    expect(more).toEqual([]);
    expect(add).toContain('name="Stockroom live count"');
    expect(add).toContain('dir=in');
    expect(add).toContain('action=allow');
    expect(add).toContain('protocol=TCP');
    expect(add).toContain(`localport=${String(DEFAULT_LIVE_PORT)}`);
    expect(add).toMatch(/\bprofile=private(\s|$)/);
    expect(add).toContain('program="$INSTDIR\\${APP_EXECUTABLE_FILENAME}"');
    // A reinstall or an update never doubles it: the same rule is deleted first.
    expect(netshCommands(macro('customInstall'), 'delete')).toEqual([
      'name="Stockroom live count" profile=private',
    ]);
  });

  it('deletes the rule, private profile, on uninstall', () => {
    expect(netshCommands(macro('customUnInstall'), 'delete')).toEqual([
      'name="Stockroom live count" profile=private',
    ]);
    expect(netshCommands(macro('customUnInstall'), 'add')).toEqual([]);
  });
});
