// Electron lifecycle only. The full shell (profiles, IPC, demo store) arrives with the desktop-shell issue.
import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';

if (!app.requestSingleInstanceLock()) {
  app.quit();
}

function openMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return window;
}

void app.whenReady().then(openMainWindow);
app.on('window-all-closed', () => app.quit());
