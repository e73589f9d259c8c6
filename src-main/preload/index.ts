// The preload exposes `window.stockroom` (StockroomBridge) and nothing else: a generic `call` for the
// contract's call names and `on` for its event names, each checked against an allow-list at run time
// (the page is not trusted to pass only what the types allow). It imports only the name lists (no
// zod), and electron-vite bundles it into one CommonJS file, which a sandboxed renderer can load.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { StockroomBridge } from '../../src-shared/ipc/bridge.js';
import { callChannel, eventChannel, isCallName, isEventName } from '../../src-shared/ipc/names.js';

const bridge: StockroomBridge = {
  call(name, args) {
    if (!isCallName(name)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'unknown-call', message: 'There is no such call.' },
      });
    }
    // Main answers every call with an IpcResult of the call's value (api-core checks it).
    return ipcRenderer.invoke(callChannel(name), args);
  },
  on(name, listener) {
    if (!isEventName(name)) throw new TypeError('There is no such event.');
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
    const channel = eventChannel(name);
    // Only the payload reaches the page: the IpcRendererEvent (with `sender`) stays in the preload.
    // Main sends each event's payload checked against its schema (api-core's event hub).
    const deliver = listener as (payload: unknown) => void;
    const forward = (_event: IpcRendererEvent, payload: unknown) => deliver(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
};

contextBridge.exposeInMainWorld('stockroom', Object.freeze(bridge));
