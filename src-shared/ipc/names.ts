// The names of every call and event, as plain strings without zod: the preload's allow-lists import only
// this file (and the generated lists it re-exports), so the sandboxed preload bundle stays a few hundred
// bytes. The lists are generated from the schemas (`npm run generate:names`, tooling/generate-ipc-names.ts);
// contract.ts and events.ts fail to compile while the generated file and the schemas disagree.
import { CALL_NAMES, EVENT_NAMES } from './names.generated.js';

export { CALL_NAMES, EVENT_NAMES };

export type CallNameList = (typeof CALL_NAMES)[number];
export type EventNameList = (typeof EVENT_NAMES)[number];

const callNameSet: ReadonlySet<string> = new Set(CALL_NAMES);
const eventNameSet: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isCallName(value: unknown): value is CallNameList {
  return typeof value === 'string' && callNameSet.has(value);
}

export function isEventName(value: unknown): value is EventNameList {
  return typeof value === 'string' && eventNameSet.has(value);
}

/** The Electron channel of a call (`ipcMain.handle` / `ipcRenderer.invoke`). */
export function callChannel(name: CallNameList): string {
  return `stockroom:call:${name}`;
}

/** The Electron channel of an event (`webContents.send` / `ipcRenderer.on`). */
export function eventChannel(name: EventNameList): string {
  return `stockroom:event:${name}`;
}
