// The Electron shell (src-main/index.ts and main-window.ts) run under plain Node against a stand-in
// electron module: the order of the lifecycle, the single-instance lock, the guards wired on the window
// and the session, and a quit that waits for the services. What this cannot show is Electron itself
// honouring those calls; see docs/decisions/0006-electron-shell-security.md. The update channel's part
// of the shell is in shell-updates.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { APP_SCHEME_PRIVILEGES } from '../../src-main/app/app-protocol.js';
import { DISPLAY_PRIORITY } from '../../src-main/app/display-priority.js';
import { desktopContentSecurityPolicy } from '../../src-main/app/content-security-policy.js';
import { fakeEvent, FakeWebContents } from './support/fake-electron.js';
import { useShellHarness } from './support/shell-harness.js';

const holder = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('electron', async () => (await import('./support/shell-harness.js')).lazyElectronModule(holder));
const shell = useShellHarness(holder);

describe('desktop shell lifecycle', () => {
  it('before ready: fixes user data, enables the sandbox, registers app:// and takes the lock', async () => {
    const { state } = await shell.startShell();
    expect(state.calls).toEqual([
      'setName Stockroom',
      'setPath userData',
      'enableSandbox',
      'registerSchemesAsPrivileged',
      'requestSingleInstanceLock',
    ]);
    expect(state.paths.get('userData')).toBe(join(shell.appData, 'Stockroom'));
    expect(state.privilegedSchemes).toEqual([APP_SCHEME_PRIVILEGES]);
    expect(shell.logEntries()[0]).toMatchObject({
      level: 'info',
      message: 'Stockroom starting',
      packaged: false,
    });
  });

  it('once ready: denies permissions, serves app:// with the CSP, opens one guarded window', async () => {
    const { state } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() => expect(state.windows).toHaveLength(1));
    expect(state.calls.slice(5)).toEqual([
      'ready',
      'protocol.handle app',
      'new BrowserWindow',
      'loadURL app://stockroom/index.html',
    ]);

    // Permissions: request, check and device handlers all deny.
    const answers: boolean[] = [];
    state.permissionRequestHandler?.({}, 'media', (granted: boolean) => answers.push(granted), {
      requestingUrl: 'app://stockroom/index.html',
      mediaTypes: ['video'],
    });
    expect(answers).toEqual([false]);
    expect(state.permissionCheckHandler?.({}, 'notifications', 'app://stockroom', {})).toBe(false);
    expect(state.devicePermissionHandler?.({ deviceType: 'hid', origin: 'app://stockroom' })).toBe(false);

    // Downloads: the page's own CSV goes through the save dialog in Documents; anything else is refused.
    const download = (url: string, filename: string) => {
      const item = { dialog: undefined as unknown, getURL: () => url, getFilename: () => filename };
      const event = fakeEvent();
      state.session?.emit('will-download', event, {
        ...item,
        setSaveDialogOptions: (options: unknown) => (item.dialog = options),
      });
      return { prevented: event.defaultPrevented, dialog: item.dialog };
    };
    expect(download('blob:app://stockroom/7c1f', 'count-W0001.csv')).toEqual({
      prevented: false,
      dialog: { defaultPath: join(shell.appData, 'Documents', 'count-W0001.csv') },
    });
    expect(download('https://evil.example/payload.exe', 'payload.exe')).toEqual({
      prevented: true,
      dialog: undefined,
    });

    // The protocol handler answers with the desktop CSP (here from a folder with no build: a 404).
    const response = await state.protocolHandlers.get('app')?.(new Request('app://stockroom/index.html'));
    expect(response?.headers.get('content-security-policy')).toBe(desktopContentSecurityPolicy());

    // The window: the factory's options, guards on navigation, windows and webviews.
    const window = state.windows[0];
    if (window === undefined) throw new Error('no window');
    const preferences = window.options['webPreferences'] as Record<string, unknown>;
    expect(preferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      devTools: true,
    });
    expect(String(preferences['preload'])).toMatch(/preload[\\/]index\.cjs$/);
    const away = fakeEvent({ url: 'https://evil.example/' });
    window.webContents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);
    const inside = fakeEvent({ url: 'app://stockroom/counting' });
    window.webContents.emit('will-navigate', inside);
    expect(inside.defaultPrevented).toBe(false);
    const subFrame = fakeEvent({ url: 'https://evil.example/', isMainFrame: false });
    window.webContents.emit('will-frame-navigate', subFrame);
    expect(subFrame.defaultPrevented).toBe(true);
    const redirect = fakeEvent({ url: 'https://evil.example/' });
    window.webContents.emit('will-redirect', redirect);
    expect(redirect.defaultPrevented).toBe(true);
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({
      action: 'deny',
    });
    const webview = fakeEvent();
    window.webContents.emit('will-attach-webview', webview, {}, {});
    expect(webview.defaultPrevented).toBe(true);
    expect(state.openedExternally).toEqual([]);

    window.emit('ready-to-show');
    expect(window.shown).toBe(1);
  });

  it('every load of the page gives its renderer above-normal priority (scans paint on a busy PC)', async () => {
    const { state } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() => expect(state.windows).toHaveLength(1));
    const contents = state.windows[0]?.webContents;
    // A waiting child stands in for the renderer process, whose id Electron reports.
    const renderer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      if (contents === undefined || renderer.pid === undefined) throw new Error('no window or no renderer');
      contents.osProcessId = renderer.pid;
      contents.emit('did-finish-load');
      const priorityLines = () =>
        shell
          .logEntries()
          .filter((entry) => entry['pid'] === renderer.pid)
          .map((entry) => entry['level']);
      if (process.getuid?.() === 0) {
        expect(getPriority(renderer.pid)).toBe(DISPLAY_PRIORITY);
        expect(priorityLines()).toEqual(['info']);
      } else {
        expect(priorityLines()).toEqual(['warn']); // no right to raise it: said, and the app goes on
      }
    } finally {
      renderer.kill('SIGKILL');
    }
  });

  it('a failed start tells the person in the PC’s language, with the log’s place, then exits', async () => {
    // A data file left by a newer Stockroom: the app database refuses to open.
    mkdirSync(join(shell.appData, 'Stockroom'), { recursive: true });
    const newer = new Database(join(shell.appData, 'Stockroom', 'app.sqlite'));
    newer.pragma('user_version = 99');
    newer.close();
    const { state } = await shell.startShell({ languages: ['th-TH', 'en-US'] });
    state.becomeReady();
    await vi.waitFor(() => expect(state.exitCode).toBe(1));
    expect(state.windows).toEqual([]);
    const logFile = join(shell.appData, 'Stockroom', 'logs', 'stockroom.log');
    expect(state.errorBoxes).toEqual([
      ['Stockroom เริ่มทำงานไม่ได้', expect.stringContaining(`รายละเอียดอยู่ในไฟล์บันทึก (log): ${logFile}`)],
    ]);
    expect(state.errorBoxes[0]?.[1]).toContain('Stockroom รุ่นที่ใหม่กว่า');
    expect(state.calls.slice(-2)).toEqual(['showErrorBox', 'exit 1']);
    expect(shell.logEntries().find((entry) => entry['message'] === 'Startup failed')).toMatchObject({
      level: 'error',
      kind: 'newer-data',
    });
  });

  it('denies popups and webviews in any other web contents the app creates', async () => {
    const { state, app } = await shell.startShell();
    state.becomeReady();
    const contents = new FakeWebContents();
    app.emit('web-contents-created', fakeEvent(), contents);
    expect(contents.windowOpenHandler?.({ url: 'app://stockroom/index.html' })).toEqual({ action: 'deny' });
    const webview = fakeEvent();
    contents.emit('will-attach-webview', webview, {}, {});
    expect(webview.defaultPrevented).toBe(true);
    // The start goes on after the checks: let it finish before the next test's fake replaces this one.
    await vi.waitFor(() => expect(state.windows).toHaveLength(1));
  });

  it('a second launch focuses the existing window', async () => {
    const { state, app } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() => expect(state.windows).toHaveLength(1));
    const window = state.windows[0];
    if (window === undefined) throw new Error('no window');
    window.minimized = true;
    app.emit('second-instance', fakeEvent(), ['stockroom'], '/');
    expect(window.restored).toBe(1);
    expect(window.focused).toBe(1);
    expect(state.windows).toHaveLength(1);
  });

  it('without the lock, quits before ready and touches neither the log nor a window', async () => {
    const { state } = await shell.startShell({ hasLock: false });
    expect(state.calls).toContain('quit');
    expect(state.calls).toContain('quitted');
    state.becomeReady();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.windows).toEqual([]);
    expect(existsSync(join(shell.appData, 'Stockroom', 'logs'))).toBe(false);
  });

  it('quitting waits for the services to stop, then quits and closes the log', async () => {
    const { state, app } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() => expect(state.windows).toHaveLength(1));
    state.permissionRequestHandler?.({}, 'geolocation', () => undefined, {
      requestingUrl: 'app://stockroom/',
    });
    app.quit();
    expect(state.calls.at(-1)).toBe('quit'); // the first before-quit was prevented
    await vi.waitFor(() => expect(state.calls.at(-1)).toBe('quitted'));
    expect(shell.logEntries().map((entry) => entry['message'])).toEqual(
      expect.arrayContaining([
        'Quit requested; stopping services',
        'Services stopped; quitting',
        'Stockroom stopped',
      ]),
    );
    expect(shell.logEntries().at(-1)?.['message']).toBe('Stockroom stopped');
    expect(shell.logEntries().at(-2)).toMatchObject({
      message: 'Permissions asked during this run (all denied)',
      asked: [{ permission: 'geolocation', origin: 'app://stockroom', requests: 1, checks: 0 }],
    });
  });

  it('closing the window quits the app', async () => {
    const { state, app } = await shell.startShell();
    state.becomeReady();
    await vi.waitFor(() => expect(state.windows).toHaveLength(1));
    app.emit('window-all-closed');
    await vi.waitFor(() => expect(state.calls.at(-1)).toBe('quitted'));
  });

  it('loads the dev server only in development, and the app protocol when packaged', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173');
    const development = await shell.startShell();
    development.state.becomeReady();
    await vi.waitFor(() => expect(development.state.windows).toHaveLength(1));
    expect(development.state.windows[0]?.loadedUrl).toBe('http://localhost:5173/');
    expect(development.state.protocolHandlers.size).toBe(0);
    development.app.quit();
    await vi.waitFor(() => expect(development.state.calls.at(-1)).toBe('quitted'));

    vi.resetModules();
    const packaged = await shell.startShell({ isPackaged: true });
    packaged.state.becomeReady();
    await vi.waitFor(() => expect(packaged.state.windows).toHaveLength(1));
    expect(packaged.state.windows[0]?.loadedUrl).toBe('app://stockroom/index.html');
    const preferences = packaged.state.windows[0]?.options['webPreferences'] as Record<string, unknown>;
    expect(preferences['devTools']).toBe(false);
    packaged.app.quit();
    await vi.waitFor(() => expect(packaged.state.calls.at(-1)).toBe('quitted'));
  });
});
