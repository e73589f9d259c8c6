// The main window's options, as data (no electron value imported; tests read them under plain Node).
// Every webPreferences entry the Electron security checklist names is set explicitly, even where it is
// Electron's default, so a future default change or a careless edit shows up in a test.
import type { BrowserWindowConstructorOptions } from 'electron';

/** The window's background until the page paints (the renderer's page background should match). */
export const WINDOW_BACKGROUND = '#f4f4f5';

/** Preferred size: a 1280×800 warehouse PC at 100 % scaling, less the taskbar. */
export const PREFERRED_SIZE = { width: 1280, height: 760 } as const;
/** Smallest size the layout must work at: the same PC at 125 % scaling is 1024×608 points of work area. */
export const MINIMUM_SIZE = { width: 960, height: 560 } as const;

export interface WindowOptionsInput {
  /** Absolute path of the built preload (out/preload/index.cjs). */
  preloadPath: string;
  /** The display's work area, to keep the window on screen at startup. */
  workArea?: { width: number; height: number };
  /** DevTools available (development only). */
  devTools?: boolean;
}

export function mainWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  const area = input.workArea ?? PREFERRED_SIZE;
  return {
    title: 'Stockroom',
    width: Math.max(MINIMUM_SIZE.width, Math.min(PREFERRED_SIZE.width, Math.floor(area.width))),
    height: Math.max(MINIMUM_SIZE.height, Math.min(PREFERRED_SIZE.height, Math.floor(area.height))),
    minWidth: MINIMUM_SIZE.width,
    minHeight: MINIMUM_SIZE.height,
    show: false,
    backgroundColor: WINDOW_BACKGROUND,
    autoHideMenuBar: true,
    webPreferences: {
      preload: input.preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      plugins: false,
      navigateOnDragDrop: false,
      // The spellchecker downloads dictionaries from Google's CDN: no network from the renderer.
      spellcheck: false,
      safeDialogs: true,
      enableWebSQL: false,
      devTools: input.devTools ?? false,
    },
  };
}
