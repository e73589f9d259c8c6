// The update channel's plain-Node part against a real generic feed served on 127.0.0.1: the channel file
// per platform, version comparison (newer, same, older), a corrupt and an unreachable feed; the
// administrator's feed setting; when to check, whether to install at a quit, and what the person is told.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelFile, checkFeed } from '../../src-main/updates/feed-check.js';
import { readUpdateFeedSetting, UPDATE_FEED_FILE } from '../../src-main/updates/update-feed.js';
import {
  CHECK_INTERVAL_MS,
  FIRST_CHECK_DELAY_MS,
  installDecision,
  nextCheckDelay,
} from '../../src-main/updates/update-policy.js';
import { updateNotice } from '../../src-main/updates/update-strings.js';

/** What electron-builder publishes for a release (latest.yml and its siblings). */
function channelYaml(version: string): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: Stockroom-Setup-${version}-x64.exe`,
    '    sha512: 3nM2pFZq3tXh0n9bV4o0eA0VnQ5cFZ1YpS6ZK3kq0dY7mQ2mC2b3Zc1VvV0pZk1F0bq6lJr4yR9t2h8s9gH6cQ==',
    '    size: 91234567',
    `path: Stockroom-Setup-${version}-x64.exe`,
    'sha512: 3nM2pFZq3tXh0n9bV4o0eA0VnQ5cFZ1YpS6ZK3kq0dY7mQ2mC2b3Zc1VvV0pZk1F0bq6lJr4yR9t2h8s9gH6cQ==',
    "releaseDate: '2026-11-20T08:00:00.000Z'",
    '',
  ].join('\n');
}

/** The feed's folders: each serves a different release, or something broken. */
const FEED: Record<string, { status: number; body: string } | 'hang'> = {
  '/newer/latest.yml': { status: 200, body: channelYaml('0.2.0') },
  '/newer/latest-linux.yml': { status: 200, body: channelYaml('0.3.1') },
  '/newer/latest-mac.yml': { status: 200, body: channelYaml('0.2.5') },
  '/same/latest.yml': { status: 200, body: channelYaml('0.1.0') },
  '/older/latest.yml': { status: 200, body: channelYaml('0.0.9') },
  '/broken-yaml/latest.yml': { status: 200, body: 'version: [0.2.0\nfiles: {' },
  '/no-version/latest.yml': { status: 200, body: 'files:\n  - url: x.exe\n    sha512: abc\n' },
  '/bad-version/latest.yml': { status: 200, body: channelYaml('banana') },
  '/no-files/latest.yml': { status: 200, body: 'version: 0.2.0\n' },
  '/html/latest.yml': { status: 200, body: '<!doctype html><title>Login</title>' },
  '/hangs/latest.yml': 'hang',
};

let server: Server;
let base = '';
let closedPortBase = '';
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    const answer = FEED[request.url ?? ''];
    if (answer === 'hang') return; // never answers
    if (answer === undefined) return void response.writeHead(404).end('not found');
    response.writeHead(answer.status, { 'content-type': 'text/yaml' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // A port nothing listens on: taken, then given back.
  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedPortBase = `http://127.0.0.1:${(spare.address() as { port: number }).port}`;
  await new Promise((resolve) => spare.close(resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const check = (folder: string, options: { platform?: NodeJS.Platform; timeoutMs?: number } = {}) =>
  checkFeed({
    feedUrl: `${base}/${folder}/`,
    currentVersion: '0.1.0',
    platform: 'win32',
    arch: 'x64',
    ...options,
  });

describe('a generic feed on loopback', () => {
  it('reads the platform’s channel file, as electron-updater does', async () => {
    expect(channelFile('win32', 'x64')).toBe('latest.yml');
    expect(channelFile('darwin', 'arm64')).toBe('latest-mac.yml');
    expect(channelFile('linux', 'x64')).toBe('latest-linux.yml');
    expect(channelFile('linux', 'arm64')).toBe('latest-linux-arm64.yml');
    requested.length = 0;
    expect(await check('newer')).toEqual({
      kind: 'newer',
      version: '0.2.0',
      files: ['Stockroom-Setup-0.2.0-x64.exe'],
    });
    expect(await check('newer', { platform: 'linux' })).toMatchObject({ kind: 'newer', version: '0.3.1' });
    expect(await check('newer', { platform: 'darwin' })).toMatchObject({ kind: 'newer', version: '0.2.5' });
    expect(requested).toEqual(['/newer/latest.yml', '/newer/latest-linux.yml', '/newer/latest-mac.yml']);
  });

  it('compares versions: the same or an older release is not an update', async () => {
    expect(await check('same')).toEqual({ kind: 'current', version: '0.1.0' });
    expect(await check('older')).toEqual({ kind: 'current', version: '0.0.9' });
    expect(
      await checkFeed({ feedUrl: `${base}/newer/`, currentVersion: '0.2.0', platform: 'win32' }),
    ).toMatchObject({
      kind: 'current',
    });
    expect(
      await checkFeed({ feedUrl: `${base}/newer/`, currentVersion: '0.2.0-beta.1', platform: 'win32' }),
    ).toMatchObject({
      kind: 'newer',
      version: '0.2.0',
    });
  });

  it.each([
    ['broken-yaml', /is not YAML/],
    ['no-version', /no valid "version"/],
    ['bad-version', /no valid "version"/],
    ['no-files', /no installer with its sha512/],
    ['html', /no valid "version"/],
  ])('calls the %s feed corrupt, saying why', async (folder, problem) => {
    const result = await check(folder);
    expect(result.kind).toBe('corrupt');
    expect(result.kind === 'corrupt' && result.problem).toMatch(problem);
  });

  it('calls a missing, refused or silent feed unreachable', async () => {
    expect(await check('nothing-here')).toMatchObject({
      kind: 'unreachable',
      problem: expect.stringMatching(/HTTP 404/),
    });
    expect(
      await checkFeed({ feedUrl: `${closedPortBase}/`, currentVersion: '0.1.0', platform: 'win32' }),
    ).toMatchObject({
      kind: 'unreachable',
      problem: expect.stringMatching(/ECONNREFUSED/),
    });
    const started = Date.now();
    expect(await check('hangs', { timeoutMs: 300 })).toMatchObject({ kind: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('the administrator’s feed setting', () => {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-update-feed-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const read = (file: string | null, env: Record<string, string> = {}) => {
    rmSync(join(folder, UPDATE_FEED_FILE), { force: true });
    if (file !== null) writeFileSync(join(folder, UPDATE_FEED_FILE), file);
    return readUpdateFeedSetting({ userData: folder, env });
  };

  it('is none unless set: no file, or feedUrl null', () => {
    expect(read(null)).toEqual({ feedUrl: null, source: 'none' });
    expect(read('{"feedUrl": null}')).toEqual({ feedUrl: null, source: 'none' });
  });

  it('takes an https address from the file, or from the environment first', () => {
    expect(read('{"feedUrl": "https://updates.example.com/stockroom"}')).toEqual({
      feedUrl: 'https://updates.example.com/stockroom/',
      source: 'file',
    });
    expect(
      read('{"feedUrl": "https://updates.example.com/stockroom"}', {
        STOCKROOM_UPDATE_FEED: 'https://mirror.example.com/s/',
      }),
    ).toEqual({ feedUrl: 'https://mirror.example.com/s/', source: 'environment' });
    expect(read('{"feedUrl": "http://127.0.0.1:8080/feed"}')).toMatchObject({
      feedUrl: 'http://127.0.0.1:8080/feed/',
    });
  });

  it('refuses plain http to another host and anything unreadable, saying why', () => {
    expect(read('{"feedUrl": "http://updates.example.com/stockroom/"}')).toMatchObject({
      feedUrl: null,
      problem: expect.stringMatching(/must be https.*could be replaced/),
    });
    expect(read('not json')).toMatchObject({ feedUrl: null, problem: expect.stringMatching(/is not JSON/) });
    expect(read('{"feed": "https://x"}')).toMatchObject({
      feedUrl: null,
      problem: expect.stringMatching(/no "feedUrl"/),
    });
    expect(read(null, { STOCKROOM_UPDATE_FEED: 'ftp://x/' })).toMatchObject({
      feedUrl: null,
      source: 'environment',
      problem: expect.stringMatching(/STOCKROOM_UPDATE_FEED: .*https, not ftp:/),
    });
  });
});

describe('the policy', () => {
  it('checks soon after start, then once a day', () => {
    const now = Date.UTC(2026, 10, 24, 9);
    expect(nextCheckDelay(null, now)).toBe(FIRST_CHECK_DELAY_MS);
    expect(nextCheckDelay(now, now)).toBe(CHECK_INTERVAL_MS);
    expect(nextCheckDelay(now - 3_600_000, now)).toBe(CHECK_INTERVAL_MS - 3_600_000);
    expect(nextCheckDelay(now - 2 * CHECK_INTERVAL_MS, now)).toBe(0);
  });

  it('installs at a quit only with nothing sending and no count open', () => {
    const idle = { outboxSending: 0, openCounts: 0 };
    expect(installDecision(true, idle)).toEqual({ install: true });
    expect(installDecision(false, idle)).toEqual({ install: false, reason: 'nothing-downloaded' });
    expect(installDecision(true, { ...idle, outboxSending: 2 })).toEqual({
      install: false,
      reason: 'outbox-sending',
    });
    expect(installDecision(true, { ...idle, openCounts: 1 })).toEqual({
      install: false,
      reason: 'count-open',
    });
    expect(installDecision(true, undefined)).toEqual({ install: false, reason: 'unknown-state' });
  });

  it('tells the person when an update is ready or held back, in English and Thai', () => {
    expect(updateNotice({ phase: 'ready', version: '0.2.0' }, 'en')).toBe(
      'Stockroom 0.2.0 has been downloaded. It is installed the next time Stockroom is closed.',
    );
    expect(updateNotice({ phase: 'ready', version: '0.2.0' }, 'th')).toMatch(
      /^ดาวน์โหลด Stockroom 0\.2\.0 แล้ว/,
    );
    expect(updateNotice({ phase: 'held', version: '0.2.0', reason: 'count-open' }, 'en')).toMatch(
      /a count is open/,
    );
    expect(updateNotice({ phase: 'held', version: '0.2.0', reason: 'outbox-sending' }, 'th')).toMatch(
      /ระบบหลังร้าน/,
    );
    for (const quiet of [
      { phase: 'off' },
      { phase: 'current', version: '0.1.0' },
      { phase: 'failed', problem: 'corrupt' },
    ] as const) {
      expect(updateNotice(quiet, 'en')).toBeNull();
    }
  });
});
