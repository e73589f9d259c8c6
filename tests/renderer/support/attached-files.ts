// Files attached to a record, as main lists them, for the renderer's files tests (attachments-*.test.ts,
// files-state.test.ts): one written on this PC still waiting to send, one on the back office.
import type { CallValue } from '../../../src-shared/ipc/index.js';

export const RECORD = { kind: 'purchaseOrder', number: 'PO-0001' } as const;
export type Listed = CallValue<'files.list'>;
export type AttachedFile = CallValue<'files.attach'>;

export const waiting: AttachedFile = {
  fileId: null,
  localId: 3,
  fileName: 'photo-abc234-3.png',
  type: 'image/png',
  sendState: 'waitingToSend',
  operationId: 9,
  reasonText: null,
  reasonCode: null,
  offline: true,
};
export const onBackOffice: AttachedFile = {
  ...waiting,
  fileId: 41,
  localId: null,
  fileName: 'terms.pdf',
  type: 'application/pdf',
  sendState: null,
  operationId: null,
  offline: false,
};
export const listOf = (...files: AttachedFile[]): Listed => ({
  files,
  source: 'backOffice',
  fetchedAt: 1,
  problem: null,
});
