// The only file that calls `ipcMain.handle`. One channel per call of the contract; each answer is
// decided in this order: the sender must be the main frame of the app's window showing a page of the
// app's own origin (not a sub-frame, not another web contents, not a page the window was navigated to),
// the channel must name a call of the contract, then api-core validates the arguments and runs the call.
// Events from main go to the app window only, one channel per event name.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import {
  CALL_NAMES,
  callChannel,
  eventChannel,
  ipcFail,
  isCallName,
  isEventName,
  type CallNameList,
  type IpcResult,
} from '../../src-shared/ipc/index.js';
import type { ApiCore } from '../api/index.js';
import { originOf } from '../app/navigation-guard.js';
import type { Logger } from '../logging/index.js';

export interface RegisterIpcOptions {
  readonly api: ApiCore;
  /** The app window (null before it opens and after it closes). */
  readonly appWindow: () => BrowserWindow | null;
  /** The origin the window's pages come from (renderer-location: app://stockroom, or the dev server). */
  readonly appOrigin: string;
  readonly logger: Logger;
}

export interface RegisteredIpc {
  /** The channels handled, by call name. */
  readonly channels: Readonly<Record<CallNameList, string>>;
  /** Removes the handlers and stops forwarding events. */
  dispose(): void;
}

/** Whether an invoke comes from the app window's main frame showing the app's origin. */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  appWindow: BrowserWindow | null,
  appOrigin: string,
): boolean {
  const frame = event.senderFrame;
  if (frame === null || frame === undefined) return false;
  if (appWindow === null || appWindow.isDestroyed()) return false;
  const contents = appWindow.webContents;
  if (event.sender !== contents) return false;
  const main = contents.mainFrame;
  const isMain =
    frame === main ||
    (frame.processId === main.processId && frame.routingId === main.routingId && frame.parent === null);
  if (!isMain) return false;
  const origin = originOf(frame.url);
  return origin !== null && origin === originOf(appOrigin);
}

export function registerIpc(options: RegisterIpcOptions): RegisteredIpc {
  const { api, appWindow, appOrigin, logger } = options;
  const channels = {} as Record<CallNameList, string>;

  for (const name of CALL_NAMES) {
    const channel = callChannel(name);
    channels[name] = channel;
    ipcMain.handle(channel, (event, args: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, appWindow(), appOrigin)) {
        logger.warn('IPC call refused: not from the app window', {
          call: name,
          frameUrl: safeUrl(event.senderFrame?.url),
        });
        return Promise.resolve(ipcFail('refused', 'This page may not use Stockroom.'));
      }
      if (!isCallName(name)) return Promise.resolve(ipcFail('unknown-call', 'There is no such call.'));
      return api.call(name, args, 'ipc');
    });
  }

  const unsubscribe = api.subscribe((name, payload) => {
    if (!isEventName(name)) return;
    const window = appWindow();
    if (window === null || window.isDestroyed()) return;
    window.webContents.send(eventChannel(name), payload);
  });

  return {
    channels,
    dispose() {
      unsubscribe();
      for (const channel of Object.values(channels)) ipcMain.removeHandler(channel);
    },
  };
}

/** Scheme, host and path of a URL for the log (never its query, which could hold anything). */
function safeUrl(url: string | undefined): string {
  if (url === undefined) return '';
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.slice(0, 200);
  } catch {
    return '(not a URL)';
  }
}
