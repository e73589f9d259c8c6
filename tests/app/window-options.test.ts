// The window's options: every security-relevant webPreference explicit, a size that fits a 1280×800
// warehouse PC at 100 % and 125 % scaling.
import { describe, expect, it } from 'vitest';
import { MINIMUM_SIZE, mainWindowOptions, WINDOW_BACKGROUND } from '../../src-main/app/window-options.js';

const preloadPath = '/opt/Stockroom/resources/app.asar/out/preload/index.cjs';

describe('main window options', () => {
  it('isolate the renderer: sandbox, context isolation, no Node, web security on', () => {
    const preferences = mainWindowOptions({ preloadPath }).webPreferences;
    expect(preferences).toMatchObject({
      preload: preloadPath,
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
      spellcheck: false,
      enableWebSQL: false,
      safeDialogs: true,
    });
  });

  it('load no remote content of their own and no other session or blink switches', () => {
    const preferences = mainWindowOptions({ preloadPath }).webPreferences ?? {};
    for (const key of ['enableBlinkFeatures', 'partition', 'session', 'additionalArguments', 'offscreen']) {
      expect(preferences).not.toHaveProperty(key);
    }
    const options = mainWindowOptions({ preloadPath });
    expect(options).not.toHaveProperty('icon');
    expect(JSON.stringify(options)).not.toMatch(/https?:/);
  });

  it('keep DevTools off unless asked (development)', () => {
    expect(mainWindowOptions({ preloadPath }).webPreferences?.devTools).toBe(false);
    expect(mainWindowOptions({ preloadPath, devTools: true }).webPreferences?.devTools).toBe(true);
  });

  it('start hidden on the page background colour (shown on ready-to-show, no white flash)', () => {
    const options = mainWindowOptions({ preloadPath });
    expect(options.show).toBe(false);
    expect(options.backgroundColor).toBe(WINDOW_BACKGROUND);
  });

  it.each([
    ['1280×800 at 100 %, taskbar at the bottom', { width: 1280, height: 760 }, { width: 1280, height: 760 }],
    ['1280×800 at 125 %', { width: 1024, height: 608 }, { width: 1024, height: 608 }],
    ['a large monitor', { width: 2560, height: 1400 }, { width: 1280, height: 760 }],
    ['a screen smaller than the minimum', { width: 800, height: 500 }, MINIMUM_SIZE],
  ])('fit %s', (_name, workArea, expected) => {
    const options = mainWindowOptions({ preloadPath, workArea });
    expect({ width: options.width, height: options.height }).toEqual(expected);
    expect(options.minWidth).toBeLessThanOrEqual(1024);
    expect(options.minHeight).toBeLessThanOrEqual(608);
  });
});
