// The names of every call and event, as plain strings without zod: the preload's allow-lists import only
// this file, so the sandboxed preload bundle stays a few hundred bytes. contract.ts and events.ts check
// at compile time that these lists and their schema maps hold exactly the same names.

export const CALL_NAMES = [
  'profiles.list',
  'profiles.active',
  'profiles.keychainStatus',
  'profiles.add',
  'profiles.edit',
  'profiles.remove',
  'profiles.removalPreview',
  'profiles.switch',
  'profiles.testConnection',
  'demo.start',
  'sync.status',
  'sync.syncNow',
  'connectivity.status',
  'catalogue.lookup',
  'catalogue.lookupMany',
  'catalogue.search',
  'catalogue.product',
  'catalogue.warehouses',
  'catalogue.assignBarcode',
  'catalogue.productImage',
  'catalogue.categories',
  'catalogue.aliases',
  'catalogue.addAlias',
  'catalogue.removeAlias',
  'catalogue.exportAliases',
  'catalogue.importAliases',
  'counting.createSession',
  'counting.listSessions',
  'counting.session',
  'counting.lines',
  'counting.scan',
  'counting.setQuantity',
  'counting.adjustQuantity',
  'counting.undoLast',
  'counting.resolveUnknown',
  'counting.removeUnknownCode',
  'counting.review',
  'counting.commit',
  'counting.discard',
  'counting.exportCsv',
  'counting.exportSession',
  'counting.mergeSession',
  'counting.contributions',
  'counting.requestRecount',
  'counting.recountLines',
  'counting.recordRecount',
  'counting.chooseRecount',
  'outbox.summary',
  'outbox.list',
  'outbox.parked',
  'outbox.retry',
  'outbox.editValue',
  'outbox.discard',
  'outbox.resume',
  'money.list',
  'money.detail',
  'money.preview',
  'money.create',
  'money.previewPayment',
  'money.recordPayment',
  'money.transfers',
  'money.createTransfer',
  'money.paymentMethods',
  'money.contacts',
  'money.syncInfo',
  'settings.get',
  'settings.set',
  'budget.get',
  'contacts.search',
  'contacts.detail',
  'contacts.proposeCode',
  'contacts.create',
  'contacts.update',
  'print.moneyRecord',
  'print.countSheet',
  'print.varianceReport',
  'print.savePdf',
  'catalogue.addWarehouse',
  'catalogue.proposeWarehouseCode',
  'stockMoves.adjust',
  'stockMoves.transfer',
  'stockMoves.setAvailable',
  'stockMoves.list',
  'stockMoves.exportCsv',
  'documents.previewLines',
  'documents.quotations',
  'documents.quotation',
  'documents.proposeQuotationNumber',
  'documents.salesChannels',
  'documents.createQuotation',
  'documents.editQuotationInfo',
  'documents.editQuotation',
  'documents.approveQuotation',
  'documents.voidQuotation',
  'documents.addQuotationTag',
  'documents.removeQuotationTag',
  'documents.previewLines',
  'documents.returns',
  'documents.returnDetail',
  'documents.refreshReturn',
  'documents.newReturnNumber',
  'documents.createReturn',
  'documents.setReturnStatus',
  'documents.recordReturnPayment',
  'documents.voidReturnPayment',
  'documents.voidReturn',
  'documents.addReturnTag',
  'documents.removeReturnTag',
  'files.stage',
  'files.attach',
  'files.list',
  'files.open',
  'print.quotation',
  'print.returnPurchaseOrder',
] as const;

export const EVENT_NAMES = [
  'sync.progress',
  'connectivity.changed',
  'outbox.changed',
  'outbox.progress',
  'budget.changed',
  'profile.changed',
  'money.changed',
  'contacts.changed',
  'documents.changed',
  'returns.changed',
] as const;

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
