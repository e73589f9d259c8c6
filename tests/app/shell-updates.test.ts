// The shell's update channel (src-main/app/updater.ts) under plain Node, with the stand-in electron module
// and a stand-in for electron-updater's autoUpdater (a real one needs Electron), against a real feed on
// 127.0.0.1 holding a release signed by the release script with a key made here: nothing is downloaded
// before the signed manifest is verified, nothing downloaded is installed unless it is the signed file,
// and each refusal is a warn line and a notice in the PC's language while this version keeps running.
import { generateKeyPairSync } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signReleaseFolder } from '../../tooling/sign-release.js';
import {
  buildRelease,
  startFeedServer,
  type BuiltRelease,
  type FeedServer,
} from '../updates/support/release-feed.js';
import { channelFile } from '../../src-main/updates/feed-check.js';
import type * as ReleaseKeyModule from '../../src-main/updates/release-key.js';
import { signedManifestFile } from '../../src-main/updates/release-manifest.js';
import type * as ElectronUpdater from 'electron-updater';
import { createNodeAutoUpdater, type NodeAutoUpdater } from './support/node-auto-updater.js';
import { useShellHarness } from './support/shell-harness.js';

const holder = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('electron', async () => (await import('./support/shell-harness.js')).lazyElectronModule(holder));

// electron-updater's autoUpdater, as the shell's updater drives it.
class FakeAutoUpdater extends EventEmitter {
  feeds: unknown[] = [];
  checks = 0;
  downloads = 0;
  autoDownload = true;
  autoInstallOnAppQuit = false;
  allowDowngrade = true;
  allowPrerelease = true;
  disableDifferentialDownload = false;
  logger: unknown = null;
  setFeedURL(options: unknown): void {
    this.feeds.push(options);
  }
  checkForUpdates(): Promise<null> {
    this.checks += 1;
    return Promise.resolve(null);
  }
  downloadUpdate(): Promise<string[]> {
    this.downloads += 1;
    return Promise.resolve([]);
  }
}
const updater = vi.hoisted(() => ({ current: null as FakeAutoUpdater | NodeAutoUpdater | null }));
vi.mock('electron-updater', async () => {
  const actual = await vi.importActual<typeof ElectronUpdater>('electron-updater');
  return {
    default: {
      Provider: actual.Provider,
      get autoUpdater() {
        return updater.current;
      },
    },
  };
});

// The release public key this build ships, for these tests the one made here (null: none).
const releaseKey = vi.hoisted(() => ({ pem: null as string | null }));
vi.mock('../../src-main/updates/release-key.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ReleaseKeyModule>();
  return { ...actual, releasePublicKey: () => actual.releasePublicKey(releaseKey.pem) };
});

const shell = useShellHarness(holder);
afterEach(() => {
  updater.current = null;
});
const ours = generateKeyPairSync('ed25519');
const HUGE = 128 * 1024 * 1024;
const REFUSED = 'An update was refused: it does not prove it comes from us; this version keeps running';
let feed: FeedServer;
let release: BuiltRelease;
let releaseRoot = '';

beforeAll(async () => {
  feed = await startFeedServer();
  releaseRoot = mkdtempSync(join(tmpdir(), 'stockroom-shell-release-'));
  // The channel file electron-updater reads on this machine, as the shell does.
  release = buildRelease(releaseRoot, '0.2.0', { channel: channelFile(process.platform, process.arch) });
  await signReleaseFolder({
    folder: release.folder,
    privateKey: ours.privateKey,
    expectedPublicKey: ours.publicKey,
  });
  const signedFile = signedManifestFile(release.channel);
  const signed = readFileSync(join(release.folder, signedFile), 'utf8');
  for (const folder of ['signed', 'unsigned', 'huge-later']) {
    feed.files.set(`/${folder}/${release.channel}`, release.channelYaml);
    feed.files.set(`/${folder}/${release.installer}`, release.bytes);
  }
  feed.files.set(`/signed/${signedFile}`, signed);
  feed.files.set(`/huge-later/${signedFile}`, signed);
  // A hostile feed host: an endless channel file; one answered small first and endless to any later read.
  feed.files.set(`/huge/${release.channel}`, { endless: true, totalBytes: HUGE });
  feed.files.set(`/huge-later/${release.channel}`, {
    first: release.channelYaml,
    later: { endless: true, totalBytes: HUGE },
  });
});

afterAll(async () => {
  await feed.close();
  rmSync(releaseRoot, { recursive: true, force: true });
});

/** Sets the PC's feed to a folder of the loopback feed, a release key, and the stand-in autoUpdater. */
function setUp(
  folder: string,
  pem: string | null = ours.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
) {
  const autoUpdater = new FakeAutoUpdater();
  useFeed(folder, autoUpdater, pem);
  return autoUpdater;
}

/** setUp with electron-updater's own AppUpdater (its provider, its check) in place of the stand-in. */
async function setUpReal(folder: string): Promise<NodeAutoUpdater> {
  const data = join(shell.appData, 'updater');
  mkdirSync(data, { recursive: true });
  const autoUpdater = await createNodeAutoUpdater(data);
  useFeed(folder, autoUpdater);
  return autoUpdater;
}

function useFeed(
  folder: string,
  autoUpdater: FakeAutoUpdater | NodeAutoUpdater,
  pem: string | null = ours.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
) {
  releaseKey.pem = pem;
  updater.current = autoUpdater;
  mkdirSync(join(shell.appData, 'Stockroom'), { recursive: true });
  writeFileSync(
    join(shell.appData, 'Stockroom', 'update-feed.json'),
    JSON.stringify({ feedUrl: `${feed.base}/${folder}` }),
  );
}

/** What electron-updater's 'update-available' carries: the channel file's version and files. */
const offer = () => load(release.channelYaml) as { version: string; files: unknown[] };

/** A copy of the installer where electron-updater leaves a download, changed in one byte if asked. */
function downloadedCopy(altered: boolean): string {
  const path = join(shell.appData, 'pending', release.installer);
  mkdirSync(join(shell.appData, 'pending'), { recursive: true });
  copyFileSync(join(release.folder, release.installer), path);
  if (altered) {
    const bytes = readFileSync(path);
    bytes[10] = (bytes[10] ?? 0) ^ 0xff;
    writeFileSync(path, bytes);
  }
  return path;
}

describe('the shell’s update channel', () => {
  it('checks through the capped feed provider, downloads only a signed release and installs it at an idle quit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const autoUpdater = setUp('signed');
      const { state, app } = await shell.startShell();
      state.becomeReady();
      await vi.waitFor(() => expect(autoUpdater.feeds).toHaveLength(1));
      expect(autoUpdater.feeds).toEqual([
        { provider: 'custom', updateProvider: expect.any(Function), url: `${feed.base}/signed/` },
      ]);
      expect(autoUpdater).toMatchObject({
        autoDownload: false,
        allowDowngrade: false,
        allowPrerelease: false,
        disableDifferentialDownload: true,
      });
      // A check soon after start, then a day later.
      expect(autoUpdater.checks).toBe(0);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(autoUpdater.checks).toBe(1);
      await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
      expect(autoUpdater.checks).toBe(2);
      autoUpdater.emit('update-available', offer());
      await vi.waitFor(() => expect(autoUpdater.downloads).toBe(1));
      expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
      autoUpdater.emit('update-downloaded', { ...offer(), downloadedFile: downloadedCopy(false) });
      await vi.waitFor(() =>
        expect(state.notifications).toEqual([
          'Stockroom 0.2.0 has been downloaded. It is installed the next time Stockroom is closed.',
        ]),
      );
      // No store open: nothing is sending and no count is open, so this quit installs it.
      app.quit();
      expect(autoUpdater.autoInstallOnAppQuit).toBe(false); // off until the policy answers
      await vi.waitFor(() => expect(state.calls.at(-1)).toBe('quitted'));
      expect(autoUpdater.autoInstallOnAppQuit).toBe(true);
      expect(shell.logEntries().map((entry) => entry['message'])).toContain(
        'The downloaded update is installed as Stockroom closes',
      );
    } finally {
      vi.useRealTimers();
      updater.current = null;
    }
  });

  it('refuses an unsigned release before downloading, with a warning and a notice', async () => {
    const autoUpdater = setUp('unsigned');
    const { state } = await shell.startShell({ languages: ['th-TH'] });
    state.becomeReady();
    await vi.waitFor(() => expect(autoUpdater.feeds).toHaveLength(1));
    autoUpdater.emit('update-available', offer());
    await vi.waitFor(() => expect(state.notifications).toHaveLength(1));
    expect(state.notifications[0]).toBe(
      'Stockroom ไม่ได้ติดตั้งอัปเดต 0.2.0 ที่เซิร์ฟเวอร์อัปเดตเสนอมา เพราะอัปเดตนี้ไม่ได้ลงนามด้วยกุญแจลงนามของ Stockroom Stockroom 0.1.0 ยังทำงานต่อตามเดิม โปรดแจ้งผู้ดูแลเซิร์ฟเวอร์อัปเดต',
    );
    expect(shell.logEntries().find((entry) => entry['message'] === REFUSED)).toMatchObject({
      level: 'warn',
      version: '0.2.0',
      running: '0.1.0',
      reason: 'unsigned',
      problem: expect.stringContaining(`${signedManifestFile(release.channel)} is not on the feed`),
    });
    expect(autoUpdater.downloads).toBe(0);
    // The same refusal at the next daily check is logged, not told again.
    autoUpdater.emit('update-available', offer());
    await vi.waitFor(() =>
      expect(shell.logEntries().filter((entry) => entry['message'] === REFUSED)).toHaveLength(2),
    );
    expect(state.notifications).toHaveLength(1);
  });

  it('refuses a downloaded file that is not the signed one: removed, told, never installed', async () => {
    const autoUpdater = setUp('signed');
    const { state, app } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() => expect(autoUpdater.feeds).toHaveLength(1));
    autoUpdater.emit('update-available', offer());
    await vi.waitFor(() => expect(autoUpdater.downloads).toBe(1));
    const downloadedFile = downloadedCopy(true);
    autoUpdater.emit('update-downloaded', { ...offer(), downloadedFile });
    await vi.waitFor(() =>
      expect(state.notifications).toEqual([
        'Stockroom did not install the update 0.2.0 offered by the update server: the downloaded file is not the one the signed release names (damaged, cut short or replaced). Stockroom 0.1.0 keeps running. Tell whoever looks after the update server.',
      ]),
    );
    expect(shell.logEntries().find((entry) => entry['message'] === REFUSED)).toMatchObject({
      level: 'warn',
      reason: 'file-mismatch',
    });
    expect(existsSync(downloadedFile)).toBe(false);
    app.quit();
    await vi.waitFor(() => expect(state.calls.at(-1)).toBe('quitted'));
    expect(autoUpdater.autoInstallOnAppQuit).toBe(false);
  });

  it('refuses an endless channel file read by electron-updater’s own check: warn, notice, reading stopped', async () => {
    const autoUpdater = await setUpReal('huge');
    const updateAvailable = vi.fn();
    autoUpdater.on('update-available', updateAvailable);
    const sentBefore = feed.endlessSent.length;
    const { state } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() => expect(autoUpdater.feeds).toHaveLength(1));
    // What the shell's timer does: electron-updater's check, which reads the channel file.
    await autoUpdater.checkForUpdates().catch(() => undefined);
    await vi.waitFor(() => expect(state.notifications).toHaveLength(1));
    expect(state.notifications[0]).toBe(
      'Stockroom did not install the update offered by the update server: its release list is larger than any release needs (over 1 MiB); Stockroom stopped reading it. Stockroom 0.1.0 keeps running. Tell whoever looks after the update server.',
    );
    expect(shell.logEntries().find((entry) => entry['message'] === REFUSED)).toMatchObject({
      level: 'warn',
      version: null,
      running: '0.1.0',
      reason: 'feed-too-large',
      problem: `${feed.base}/huge/${release.channel} is larger than 1048576 bytes; reading stopped there`,
    });
    // The connection was dropped at the cap: the host got out a small part of its 128 MiB.
    await expect.poll(() => feed.endlessSent.length).toBe(sentBefore + 1);
    expect(feed.endlessSent.at(-1)).toBeLessThan(32 * 1024 * 1024);
    expect(updateAvailable).not.toHaveBeenCalled();
    expect(autoUpdater.downloads).toBe(0);
  });

  it('reads the channel file once per check: a host answering later reads huge is never read again', async () => {
    const autoUpdater = await setUpReal('huge-later');
    const sentBefore = feed.endlessSent.length;
    const { state } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() => expect(autoUpdater.feeds).toHaveLength(1));
    await autoUpdater.checkForUpdates();
    // The offer read under the cap is the one checked against the signed manifest and downloaded.
    await vi.waitFor(() => expect(autoUpdater.downloads).toBe(1));
    const channelPath = `/huge-later/${release.channel}`;
    expect(feed.requested.filter((path) => path === channelPath)).toHaveLength(1);
    expect(feed.endlessSent).toHaveLength(sentBefore);
    expect(shell.logEntries().map((entry) => entry['message'])).toContain(
      'The update’s signed manifest is verified; downloading',
    );
    expect(shell.logEntries().find((entry) => entry['message'] === REFUSED)).toBeUndefined();
  });

  it('stays off when the build carries no release key: nothing could be verified', async () => {
    setUp('signed', null);
    const { state } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() =>
      expect(
        shell.logEntries().find((entry) => String(entry['message']).startsWith('Update checks are off')),
      ).toMatchObject({
        level: 'warn',
        message: 'Update checks are off: no update could be verified',
        problem: 'this build carries no release public key (release-key.ts)',
      }),
    );
    expect(updater.current?.feeds).toEqual([]);
  });

  it('without an update feed, never loads the updater; a plain-http feed is refused with a warning', async () => {
    mkdirSync(join(shell.appData, 'Stockroom'), { recursive: true });
    writeFileSync(
      join(shell.appData, 'Stockroom', 'update-feed.json'),
      JSON.stringify({ feedUrl: 'http://updates.example.com/stockroom' }),
    );
    const { state } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() =>
      expect(
        shell.logEntries().find((entry) => String(entry['message']).startsWith('Update checks are off')),
      ).toMatchObject({
        level: 'warn',
        problem: expect.stringMatching(/must be https/),
      }),
    );
    expect(updater.current).toBeNull();
  });
});
