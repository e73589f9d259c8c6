// A stand-in for the parts of the `electron` module the shell uses, for running src-main/index.ts and
// main-window.ts under plain Node (Electron's binary cannot be downloaded here). It records calls and
// follows Electron's documented order of events: `whenReady` resolves when the test says so, `app.quit()`
// emits `before-quit` and, unless that was prevented, `will-quit`.
import { EventEmitter } from 'node:events';

export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function fakeEvent<T extends object>(fields: T = {} as T): T & FakeEvent {
  return {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

type WindowOpenHandler = (details: { url: string }) => { action: string };

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | null = null;
  /** What main pushed to the page (event channels and payloads), in order. */
  readonly sent: Array<{ channel: string; payload: unknown }> = [];
  /** The renderer's process id (a test points it at a process of its own). */
  osProcessId = 0;
  getOSProcessId(): number {
    return this.osProcessId;
  }
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
}

export interface FakeElectronState {
  calls: string[];
  ready: boolean;
  hasLock: boolean;
  isPackaged: boolean;
  appData: string;
  paths: Map<string, string>;
  privilegedSchemes: unknown[];
  protocolHandlers: Map<string, (request: Request) => Promise<Response> | Response>;
  permissionRequestHandler: ((...args: unknown[]) => void) | null;
  /** The default session (an EventEmitter: 'will-download' goes to its listeners). */
  session: EventEmitter | null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null;
  devicePermissionHandler: ((details: unknown) => boolean) | null;
  windows: FakeBrowserWindow[];
  ipcHandlers: Map<string, (...args: unknown[]) => unknown>;
  openedExternally: string[];
  exitCode: number | null;
  /** The PC's preferred languages (app.getPreferredSystemLanguages). */
  languages: string[];
  /** dialog.showErrorBox calls: [title, content]. */
  errorBoxes: Array<[string, string]>;
  /** The bodies of the notifications shown. */
  notifications: string[];
  becomeReady(): void;
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  shown = 0;
  focused = 0;
  restored = 0;
  minimized = false;
  constructor(
    readonly options: Record<string, unknown>,
    private readonly state: FakeElectronState,
  ) {
    super();
    state.windows.push(this);
    state.calls.push('new BrowserWindow');
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.state.calls.push(`loadURL ${url}`);
    return Promise.resolve();
  }
  show(): void {
    this.shown += 1;
  }
  focus(): void {
    this.focused += 1;
  }
  restore(): void {
    this.restored += 1;
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isDestroyed(): boolean {
    return false;
  }
}

/** A fresh electron module and the state it records into. */
export function createFakeElectron(options: { appData: string; hasLock?: boolean; isPackaged?: boolean }) {
  let resolveReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const state: FakeElectronState = {
    calls: [],
    ready: false,
    hasLock: options.hasLock ?? true,
    isPackaged: options.isPackaged ?? false,
    appData: options.appData,
    paths: new Map(),
    privilegedSchemes: [],
    protocolHandlers: new Map(),
    permissionRequestHandler: null,
    session: null,
    permissionCheckHandler: null,
    devicePermissionHandler: null,
    windows: [],
    ipcHandlers: new Map(),
    openedExternally: [],
    exitCode: null,
    languages: ['en-US'],
    errorBoxes: [],
    notifications: [],
    becomeReady() {
      state.ready = true;
      state.calls.push('ready');
      resolveReady();
    },
  };

  const app = Object.assign(new EventEmitter(), {
    get isPackaged() {
      return state.isPackaged;
    },
    getPath(name: string): string {
      if (name === 'appData') return state.appData;
      if (name === 'documents') return `${state.appData}/Documents`;
      const path = state.paths.get(name);
      if (path === undefined) throw new Error(`Fake electron has no path ${name}`);
      return path;
    },
    setPath(name: string, path: string): void {
      state.calls.push(`setPath ${name}`);
      state.paths.set(name, path);
    },
    setName(name: string): void {
      state.calls.push(`setName ${name}`);
    },
    getVersion: () => '0.1.0',
    getPreferredSystemLanguages: () => [...state.languages],
    enableSandbox(): void {
      state.calls.push(`enableSandbox${state.ready ? ' after ready' : ''}`);
    },
    requestSingleInstanceLock(): boolean {
      state.calls.push(`requestSingleInstanceLock${state.ready ? ' after ready' : ''}`);
      return state.hasLock;
    },
    whenReady: () => readyPromise,
    isReady: () => state.ready,
    quit(): void {
      state.calls.push('quit');
      const event = fakeEvent();
      app.emit('before-quit', event);
      if (event.defaultPrevented) return;
      app.emit('will-quit', fakeEvent());
      state.calls.push('quitted');
    },
    exit(code: number): void {
      state.exitCode = code;
      state.calls.push(`exit ${code}`);
    },
  });

  const protocol = {
    registerSchemesAsPrivileged(schemes: unknown[]): void {
      state.calls.push(`registerSchemesAsPrivileged${state.ready ? ' after ready' : ''}`);
      state.privilegedSchemes.push(...schemes);
    },
  };

  const defaultSession = Object.assign(new EventEmitter(), {
    protocol: {
      handle(scheme: string, handler: (request: Request) => Promise<Response> | Response): void {
        state.calls.push(`protocol.handle ${scheme}`);
        state.protocolHandlers.set(scheme, handler);
      },
    },
    setPermissionRequestHandler(handler: (...args: unknown[]) => void): void {
      state.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: (...args: unknown[]) => boolean): void {
      state.permissionCheckHandler = handler;
    },
    setDevicePermissionHandler(handler: (details: unknown) => boolean): void {
      state.devicePermissionHandler = handler;
    },
  });

  state.session = defaultSession;
  const module = {
    app,
    protocol,
    session: { defaultSession },
    BrowserWindow: class extends FakeBrowserWindow {
      constructor(windowOptions: Record<string, unknown>) {
        super(windowOptions, state);
      }
    },
    ipcMain: {
      handle(channel: string, handler: (...args: unknown[]) => unknown): void {
        state.ipcHandlers.set(channel, handler);
      },
      removeHandler(channel: string): void {
        state.ipcHandlers.delete(channel);
      },
    },
    Notification: class {
      readonly #body: string;
      static isSupported(): boolean {
        return true;
      }
      constructor(options: { body: string }) {
        this.#body = options.body;
      }
      show(): void {
        state.notifications.push(this.#body);
      }
    },
    dialog: {
      showErrorBox(title: string, content: string): void {
        state.calls.push('showErrorBox');
        state.errorBoxes.push([title, content]);
      },
    },
    screen: { getPrimaryDisplay: () => ({ workAreaSize: { width: 1280, height: 760 } }) },
    shell: {
      openExternal(url: string): Promise<void> {
        state.openedExternally.push(url);
        return Promise.resolve();
      },
    },
  };
  return { module, state, app };
}
