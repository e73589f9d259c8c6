// The preload exposes the IPC contract's verbs and nothing else (desktop-shell issue).
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('stockroom', Object.freeze({ ready: true }));
